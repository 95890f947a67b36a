// Minimal mesh toolkit: a "part" is { pos: number[], idx: number[] } (flat xyz, triangle list).
// Parts never share vertices, so smoothing stays inside a part and seams stay crisp.

export const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a, s) => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a, b) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const length = (a) => Math.hypot(a[0], a[1], a[2]);
export const normalize = (a) => scale(a, 1 / (length(a) || 1));
export const lerp = (a, b, t) => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

export const emptyPart = () => ({ pos: [], idx: [] });

export function pushVertex(part, p) {
  part.pos.push(p[0], p[1], p[2]);
  return part.pos.length / 3 - 1;
}

/** Rounded rectangle profile (half sizes hu, hv, corner radius r), counter-clockwise. */
export function roundedRect(hu, hv, r, perCorner = 4) {
  const pts = [];
  const corners = [
    [hu - r, hv - r, 0],
    [-hu + r, hv - r, 90],
    [-hu + r, -hv + r, 180],
    [hu - r, -hv + r, 270],
  ];
  for (const [cu, cv, a0] of corners) {
    for (let k = 0; k < perCorner; k++) {
      const a = ((a0 + (90 * k) / (perCorner - 1)) * Math.PI) / 180;
      pts.push([cu + r * Math.cos(a), cv + r * Math.sin(a)]);
    }
  }
  return pts;
}

export function ellipseProfile(hu, hv, n = 10) {
  const pts = [];
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n;
    pts.push([hu * Math.cos(a), hv * Math.sin(a)]);
  }
  return pts;
}

/**
 * Sweeps a closed 2D profile along a 3D path. `sides[i]` sets the profile's u axis
 * (orthogonalised against the tangent); v = u x tangent. `scaleAt(i)` returns [su, sv].
 */
export function sweep({ path, sides, profile, closed = false, caps = true, scaleAt }) {
  const part = emptyPart();
  const n = path.length;
  const m = profile.length;
  const frames = [];
  for (let i = 0; i < n; i++) {
    const prev = path[closed ? (i - 1 + n) % n : Math.max(i - 1, 0)];
    const next = path[closed ? (i + 1) % n : Math.min(i + 1, n - 1)];
    const t = normalize(sub(next, prev));
    const side = Array.isArray(sides[0]) ? sides[i] : sides;
    const u = normalize(sub(side, scale(t, dot(side, t))));
    frames.push({ t, u, v: cross(u, t) });
  }
  for (let i = 0; i < n; i++) {
    const [su, sv] = scaleAt ? scaleAt(i) : [1, 1];
    const { u, v } = frames[i];
    for (const [pu, pv] of profile) {
      pushVertex(part, add(path[i], add(scale(u, pu * su), scale(v, pv * sv))));
    }
  }
  const rings = closed ? n : n - 1;
  for (let i = 0; i < rings; i++) {
    const a = i * m;
    const b = ((i + 1) % n) * m;
    for (let j = 0; j < m; j++) {
      const j1 = (j + 1) % m;
      part.idx.push(a + j, b + j, b + j1, a + j, b + j1, a + j1);
    }
  }
  if (!closed && caps) {
    for (const end of [0, n - 1]) {
      // Own vertices so the cap gets a flat normal instead of smearing the tube's.
      const base = part.pos.length / 3;
      for (let j = 0; j < m; j++)
        pushVertex(part, part.pos.slice((end * m + j) * 3, (end * m + j) * 3 + 3));
      const c = pushVertex(part, path[end]);
      for (let j = 0; j < m; j++) part.idx.push(base + j, base + ((j + 1) % m), c);
    }
  }
  return orientOutward(part);
}

/** Flips the winding when the enclosed signed volume is negative (parts are closed solids). */
export function orientOutward(part) {
  const { pos, idx } = part;
  let vol = 0;
  for (let k = 0; k < idx.length; k += 3) {
    const a = pos.slice(idx[k] * 3, idx[k] * 3 + 3);
    const b = pos.slice(idx[k + 1] * 3, idx[k + 1] * 3 + 3);
    const c = pos.slice(idx[k + 2] * 3, idx[k + 2] * 3 + 3);
    vol += dot(a, cross(b, c));
  }
  if (vol < 0) flipWinding(part);
  return part;
}

export function flipWinding(part) {
  for (let k = 0; k < part.idx.length; k += 3) {
    const t = part.idx[k + 1];
    part.idx[k + 1] = part.idx[k + 2];
    part.idx[k + 2] = t;
  }
  return part;
}

export function merge(parts) {
  const out = emptyPart();
  for (const p of parts) {
    const base = out.pos.length / 3;
    out.pos.push(...p.pos);
    for (const i of p.idx) out.idx.push(i + base);
  }
  return out;
}

export function mapPart(part, fn) {
  const out = { pos: [], idx: part.idx.slice() };
  for (let i = 0; i < part.pos.length; i += 3)
    out.pos.push(...fn([part.pos[i], part.pos[i + 1], part.pos[i + 2]]));
  return out;
}

export const mirrorX = (part) => flipWinding(mapPart(part, ([x, y, z]) => [-x, y, z]));

/** Area-weighted smooth vertex normals. */
export function computeNormals(part) {
  const { pos, idx } = part;
  const nrm = new Float64Array(pos.length);
  for (let k = 0; k < idx.length; k += 3) {
    const [i0, i1, i2] = [idx[k] * 3, idx[k + 1] * 3, idx[k + 2] * 3];
    const e1 = [pos[i1] - pos[i0], pos[i1 + 1] - pos[i0 + 1], pos[i1 + 2] - pos[i0 + 2]];
    const e2 = [pos[i2] - pos[i0], pos[i2 + 1] - pos[i0 + 1], pos[i2 + 2] - pos[i0 + 2]];
    const fn = cross(e1, e2);
    for (const i of [i0, i1, i2]) for (let c = 0; c < 3; c++) nrm[i + c] += fn[c];
  }
  const out = new Float32Array(pos.length);
  for (let i = 0; i < pos.length; i += 3) {
    const n = normalize([nrm[i], nrm[i + 1], nrm[i + 2]]);
    out.set(length(n) ? n : [0, 0, 1], i);
  }
  return out;
}

/** Samples a quadratic/cubic Bezier given control points. */
export function bezier(ctrl, count) {
  const pts = [];
  for (let i = 0; i < count; i++) {
    let layer = ctrl;
    const t = i / (count - 1);
    while (layer.length > 1) layer = layer.slice(1).map((p, k) => lerp(layer[k], p, t));
    pts.push(layer[0]);
  }
  return pts;
}

/** UV-sphere style ellipsoid, transformed by fn (e.g. rotation + translation). */
export function ellipsoid(radii, fn, rings = 6, segs = 10) {
  const part = emptyPart();
  pushVertex(part, fn([0, radii[1], 0]));
  for (let r = 1; r < rings; r++) {
    const phi = (Math.PI * r) / rings;
    for (let s = 0; s < segs; s++) {
      const th = (2 * Math.PI * s) / segs;
      const p = [
        radii[0] * Math.sin(phi) * Math.cos(th),
        radii[1] * Math.cos(phi),
        radii[2] * Math.sin(phi) * Math.sin(th),
      ];
      pushVertex(part, fn(p));
    }
  }
  const bottom = pushVertex(part, fn([0, -radii[1], 0]));
  const ring = (r, s) => 1 + (r - 1) * segs + (s % segs);
  for (let s = 0; s < segs; s++) {
    part.idx.push(0, ring(1, s + 1), ring(1, s));
    part.idx.push(bottom, ring(rings - 1, s), ring(rings - 1, s + 1));
    for (let r = 1; r < rings - 1; r++) {
      part.idx.push(
        ring(r, s),
        ring(r, s + 1),
        ring(r + 1, s + 1),
        ring(r, s),
        ring(r + 1, s + 1),
        ring(r + 1, s),
      );
    }
  }
  return orientOutward(part);
}
