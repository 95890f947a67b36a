// Lens outlines in lens-local millimetres: u points to the temple side, v up, boxed to
// exactly width x height around (0, 0), counter-clockwise, evenly spaced by arc length.

const sgnPow = (c, e) => Math.sign(c) * Math.abs(c) ** e;

/** Superellipse point; exponent n = 2 is an ellipse, larger n squares the corners. */
const superellipse = (th, n) => [sgnPow(Math.cos(th), 2 / n), sgnPow(Math.sin(th), 2 / n)];

// Each raw shape works on the unit box [-1, 1]^2 and is re-boxed afterwards, so the
// modifiers only need to get the character right, not the size.
const SHAPES = {
  round: (th) => superellipse(th, 2.05),
  rectangle: (th) => {
    const [x, y] = superellipse(th, 4.2);
    // Slightly narrower and rounder at the bottom, like most optical rectangles.
    return y < 0 ? [x * (1 - 0.07 * -y), y * (1 - 0.06 * x * x)] : [x, y];
  },
  // Teardrop: straight-ish top bar line, deep bottom swinging toward the nose.
  aviator: [
    [1, 0.35],
    [0.93, 0.78],
    [0.7, 0.97],
    [0.25, 1],
    [-0.3, 0.98],
    [-0.75, 0.93],
    [-0.97, 0.72],
    [-1, 0.3],
    [-0.94, -0.15],
    [-0.77, -0.6],
    [-0.47, -0.92],
    [-0.1, -1],
    [0.32, -0.88],
    [0.67, -0.56],
    [0.91, -0.12],
  ],
  // Cat-eye: top edge rising to a flared temple corner, softer bottom rising outward.
  catEye: [
    [0.97, 0.55],
    [1, 0.9],
    [0.9, 1],
    [0.55, 0.94],
    [0.1, 0.84],
    [-0.4, 0.75],
    [-0.82, 0.66],
    [-0.99, 0.3],
    [-0.98, -0.2],
    [-0.8, -0.65],
    [-0.42, -0.95],
    [0.05, -1],
    [0.45, -0.82],
    [0.75, -0.4],
    [0.9, 0.05],
  ],
  browline: (th) => {
    const up = Math.sin(th) >= 0;
    const [x, y] = superellipse(th, up ? 4.5 : 2.2);
    return up ? [x, y] : [x * (1 - 0.05 * -y), y];
  },
  rimless: (th) => {
    const [x, y] = superellipse(th, 3.2);
    return y < 0 ? [x * (1 - 0.08 * -y) - 0.05 * -y, y] : [x, y];
  },
  oversized: (th) => {
    const up = Math.sin(th) >= 0;
    const [x, y] = superellipse(th, up ? 3.6 : 2.6);
    // Butterfly-ish: wide top, bottom drifting toward the nose.
    return up ? [x, y] : [x - 0.1 * -y * (1 - x * x), y];
  },
  kids: (th) => superellipse(th, 2.7),
};

export const SHAPE_NAMES = Object.keys(SHAPES);

export function lensOutline(shape, width, height, count = 64) {
  const raw = SHAPES[shape];
  if (!raw) throw new Error(`unknown lens shape "${shape}"`);
  const dense = [];
  if (Array.isArray(raw)) dense.push(...catmullRom(raw, 1024));
  else for (let i = 0; i < 1024; i++) dense.push(raw((2 * Math.PI * i) / 1024));
  const xs = dense.map((p) => p[0]);
  const ys = dense.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const boxed = dense.map(([x, y]) => [
    ((x - x0) / (x1 - x0) - 0.5) * width,
    ((y - y0) / (y1 - y0) - 0.5) * height,
  ]);
  return resample(boxed, count);
}

/** Closed uniform Catmull-Rom spline through the control points. */
function catmullRom(ctrl, count) {
  const n = ctrl.length;
  const out = [];
  for (let k = 0; k < count; k++) {
    const f = (k / count) * n;
    const i = Math.floor(f);
    const t = f - i;
    const [p0, p1, p2, p3] = [-1, 0, 1, 2].map((o) => ctrl[(i + o + n) % n]);
    const w = [
      -t + 2 * t * t - t ** 3,
      2 - 5 * t * t + 3 * t ** 3,
      t + 4 * t * t - 3 * t ** 3,
      -t * t + t ** 3,
    ];
    out.push([0, 1].map((c) => 0.5 * (w[0] * p0[c] + w[1] * p1[c] + w[2] * p2[c] + w[3] * p3[c])));
  }
  return out;
}

function resample(loop, count) {
  const cum = [0];
  for (let i = 1; i <= loop.length; i++) {
    const a = loop[i - 1];
    const b = loop[i % loop.length];
    cum.push(cum[i - 1] + Math.hypot(b[0] - a[0], b[1] - a[1]));
  }
  const total = cum[loop.length];
  const out = [];
  let k = 0;
  for (let i = 0; i < count; i++) {
    const d = (total * i) / count;
    while (cum[k + 1] < d) k++;
    const t = (d - cum[k]) / (cum[k + 1] - cum[k] || 1);
    const a = loop[k];
    const b = loop[(k + 1) % loop.length];
    out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
  }
  return out;
}

/**
 * Outward unit normals of a counter-clockwise loop. The tangent spans two neighbours each
 * way so offset curves (rims pushed outward) stay smooth around tight corners.
 */
export function outlineNormals(loop) {
  const n = loop.length;
  return loop.map((_, i) => {
    let tx = 0;
    let ty = 0;
    for (const [k, w] of [
      [1, 2],
      [2, 1],
    ]) {
      tx += w * (loop[(i + k) % n][0] - loop[(i - k + n) % n][0]);
      ty += w * (loop[(i + k) % n][1] - loop[(i - k + n) % n][1]);
    }
    const l = Math.hypot(tx, ty) || 1;
    return [ty / l, -tx / l];
  });
}

/** Index of the outline point on the given side (sign of u) whose v is nearest to `v`. */
export function pointAtHeight(loop, side, v) {
  let best = -1;
  let bestD = Infinity;
  loop.forEach(([pu, pv], i) => {
    if (Math.sign(pu) !== side) return;
    const d = Math.abs(pv - v);
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

/** Index of the top-edge point nearest to the given u. */
export function pointOnTop(loop, u) {
  let best = -1;
  let bestD = Infinity;
  loop.forEach(([pu, pv], i) => {
    if (pv <= 0) return;
    const d = Math.abs(pu - u);
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}
