// Head occluder in MediaPipe's canonical face space (cm, Y up, face toward +Z): the
// canonical face pulled 3 mm inward, closed by a skull-shaped cap behind it so the far
// temple arm disappears behind the head when it turns.
import { computeNormals, cross, lerp, normalize, orientOutward, sub } from './geometry.mjs';
import { writeGlb } from './glb-writer.mjs';

const INSET = 0.3;
// Back-of-head ellipsoid: centre y/z and half-axes (x = ear-to-ear, z = toward the back).
const SKULL = { cy: 1, cz: -3, a: 7.4, b: 10.5, c: 9, fullness: 0.5 };
const LINK_RINGS = 3;
const BACK_RINGS = 7;

function vertexNormals(vertices, indices) {
  const acc = vertices.map(() => [0, 0, 0]);
  for (let k = 0; k < indices.length; k += 3) {
    const [a, b, c] = [0, 1, 2].map((o) => vertices[indices[k + o]]);
    const n = cross(sub(b, a), sub(c, a));
    for (let o = 0; o < 3; o++) for (let d = 0; d < 3; d++) acc[indices[k + o]][d] += n[d];
  }
  return acc.map(normalize);
}

/** The face's single open boundary (the face oval), walked in its triangles' edge direction. */
function boundaryLoop(indices) {
  const count = new Map();
  const key = (a, b) => (a < b ? `${a},${b}` : `${b},${a}`);
  for (let k = 0; k < indices.length; k += 3) {
    for (let o = 0; o < 3; o++) {
      const id = key(indices[k + o], indices[k + ((o + 1) % 3)]);
      count.set(id, (count.get(id) ?? 0) + 1);
    }
  }
  const next = new Map();
  for (let k = 0; k < indices.length; k += 3) {
    for (let o = 0; o < 3; o++) {
      const a = indices[k + o];
      const b = indices[k + ((o + 1) % 3)];
      if (count.get(key(a, b)) === 1) next.set(a, b);
    }
  }
  const start = next.keys().next().value;
  const loop = [start];
  for (let v = next.get(start); v !== start; v = next.get(v)) {
    loop.push(v);
    if (loop.length > next.size) throw new Error('face boundary is not a single loop');
  }
  if (loop.length !== next.size) throw new Error('face mesh has more than one hole');
  return loop;
}

export function buildOccluder(face) {
  let indices = face.indices.slice();
  let normals = vertexNormals(face.vertices, indices);
  if (normals[1][2] < 0) {
    // Make the nose tip (landmark 1) face +Z, i.e. triangles wound outward.
    for (let k = 0; k < indices.length; k += 3)
      [indices[k + 1], indices[k + 2]] = [indices[k + 2], indices[k + 1]];
    normals = vertexNormals(face.vertices, indices);
  }
  const pos = face.vertices.map((v, i) => v.map((c, d) => c - normals[i][d] * INSET));
  const loop = boundaryLoop(indices);
  const { cy, cz, a, b, c, fullness } = SKULL;

  const rings = [loop.map((i) => pos[i])];
  const phis = rings[0].map(([x, y]) => Math.atan2((y - cy) / b, x / a));
  const skull = (phi, psi) => {
    const r = Math.sin(psi) ** fullness;
    return [a * r * Math.cos(phi), cy + b * r * Math.sin(phi), cz - c * Math.cos(psi)];
  };
  const equator = phis.map((phi) => skull(phi, Math.PI / 2));
  // Link the face oval to the skull's front rim with a gently bulging curve.
  rings[0].forEach((p, i) => {
    const e = equator[i];
    const ctrl = lerp(lerp(p, e, 0.5), [e[0], e[1], p[2]], 0.5);
    for (let k = 1; k <= LINK_RINGS; k++) {
      const t = k / LINK_RINGS;
      (rings[k] ??= [])[i] = lerp(lerp(p, ctrl, t), lerp(ctrl, e, t), t);
    }
  });
  for (let k = 1; k < BACK_RINGS; k++) {
    const psi = (Math.PI / 2) * (1 - k / BACK_RINGS);
    rings.push(phis.map((phi) => skull(phi, psi)));
  }

  const allPos = pos.slice();
  const ringIdx = [loop];
  for (const ring of rings.slice(1)) ringIdx.push(ring.map((p) => allPos.push(p) - 1));
  const pole = allPos.push([0, cy, cz - c]) - 1;
  const n = loop.length;
  for (let r = 0; r + 1 < ringIdx.length; r++) {
    const [p, q] = [ringIdx[r], ringIdx[r + 1]];
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      // Reverse of the face's boundary edge direction keeps the winding consistent.
      indices.push(p[j], p[i], q[i], p[j], q[i], q[j]);
    }
  }
  const last = ringIdx[ringIdx.length - 1];
  for (let i = 0; i < n; i++) indices.push(last[(i + 1) % n], last[i], pole);

  const part = orientOutward({ pos: allPos.flat(), idx: indices });
  return part;
}

export function occluderGlb(face) {
  const part = buildOccluder(face);
  const mesh = {
    name: 'occluder',
    positions: Float32Array.from(part.pos),
    normals: computeNormals(part),
    indices: part.idx,
    material: 0,
  };
  const materials = [
    {
      name: 'occluder',
      pbrMetallicRoughness: {
        baseColorFactor: [0.8, 0.8, 0.8, 1],
        metallicFactor: 0,
        roughnessFactor: 1,
      },
    },
  ];
  const extras = { units: 'centimetres', space: 'mediapipe-canonical-face', inset: INSET };
  return {
    glb: writeGlb({ meshes: [mesh], materials, root: { name: 'head-occluder', extras } }),
    part,
  };
}
