// The known face's true sizes, from the painting alone (known-face-paint.ts): a point of the
// source picture lies in one of the mesh's triangles in texture space, and its barycentric
// coordinates there place it on the canonical mesh, whose vertices are centimetres. So the
// irises the reference detector found on the picture have a known size and place on the face.
import type { Px } from './known-face-paint';

/** The app's assumed iris (workers/measure/measure-sample.ts IRIS_DIAMETER_MM). */
const IRIS_RULER_MM = 11.7;
/** The app's eye model: from the eye's centre of rotation to the pupil, mm. */
const PUPIL_ROTATION_RADIUS_MM = 10.5;

type Vec = [number, number, number];

export interface KnownTruth {
  /** The painted pupils (the picture's landmarks 468/473) on the mesh, canonical cm. */
  pupilsCm: [Vec, Vec];
  /** The distance between them, mm. */
  pdMm: number;
  /** From the camera to the pupils' midpoint at yaw 0, mm. */
  eyeDistanceMm: number;
  /** The painted irises' diameters on the mesh seen face-on (mean of both eyes), mm. */
  irisAcrossMm: number;
  irisDownMm: number;
  /** What the app should report: see expectedPd. */
  expectedPdMm: number;
  /** The triangles whose painting is mirrored (a fold in texture space); 0 on a clean paint. */
  folded: number;
}

/**
 * The painted iris points mapped onto the mesh, and the PD the app should report. `distanceCm`:
 * from the camera to the canonical origin, the camera on the face's forward axis (yaw 0).
 */
export function knownTruth(
  vertices: readonly number[][],
  indices: readonly number[],
  uv: readonly Px[],
  landmarks: readonly Px[],
  distanceCm: number,
): KnownTruth {
  const onMesh = (p: Px) => surfacePoint(vertices, indices, uv, p);
  const at = (i: number) => onMesh(landmarks[i]!);
  const cm = (a: Vec, b: Vec) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  // The iris as a camera facing the face sees it, as the app reads it: the painted ring crosses
  // the eye's bulge and lids, where its chords on the mesh are 3–8 % longer than the disc seen.
  const faceOn = (a: Vec, b: Vec) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const pupils: [Vec, Vec] = [at(468), at(473)];
  // Each ring: right, top, left, bottom after its centre.
  const across = (faceOn(at(469), at(471)) + faceOn(at(474), at(476))) * 5;
  const down = (faceOn(at(470), at(472)) + faceOn(at(475), at(477))) * 5;
  const pdMm = cm(...pupils) * 10;
  const middle = [0, 1, 2].map((k) => (pupils[0][k]! + pupils[1][k]!) / 2) as Vec;
  const eyeDistanceMm = cm(middle, [0, 0, distanceCm]) * 10;
  return {
    pupilsCm: pupils,
    pdMm,
    eyeDistanceMm,
    irisAcrossMm: across,
    irisDownMm: down,
    expectedPdMm: expectedPd(pdMm, (across + down) / 2, eyeDistanceMm),
    folded: foldedTriangles(indices, uv),
  };
}

/**
 * The far PD the app should report for this face. The app's ruler is an 11.7 mm iris, so it
 * sees the face k = 11.7 / iris times its size, at k times its distance: a person whose pupils
 * are k·pdMm apart at k·eyeDistanceMm. At yaw 0 the picture is exactly that of such a person
 * whose eyes converge on the camera (the painted pupils do not move, but nothing in the picture
 * says so), and far PD is the near PD with the convergence undone. The painted eyes keep that
 * vergence as the head turns, as a real person's do who keeps looking at the camera from the same
 * distance, so the expectation is the same at every yaw.
 */
export function expectedPd(pdMm: number, irisMm: number, eyeDistanceMm: number): number {
  const k = IRIS_RULER_MM / irisMm;
  return (k * pdMm) / (1 - PUPIL_ROTATION_RADIUS_MM / (k * eyeDistanceMm));
}

/** Where the picture's point `p` is painted on the mesh (cm); the front-most if painted twice. */
export function surfacePoint(
  vertices: readonly number[][],
  indices: readonly number[],
  uv: readonly Px[],
  p: Px,
): Vec {
  let best: Vec | null = null;
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t]!, indices[t + 1]!, indices[t + 2]!];
    const weights = barycentric(uv[a]!, uv[b]!, uv[c]!, p);
    if (!weights) continue;
    const point = [0, 1, 2].map((k) =>
      [a, b, c].reduce((sum, v, j) => sum + weights[j]! * vertices[v]![k]!, 0),
    ) as Vec;
    if (!best || point[2] > best[2]) best = point;
  }
  if (!best) throw new Error(`(${p.x}, ${p.y}) is painted nowhere on the mesh`);
  return best;
}

/** The barycentric weights of `p` in triangle a, b, c; null outside it. */
function barycentric(a: Px, b: Px, c: Px, p: Px): [number, number, number] | null {
  const det = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y);
  if (Math.abs(det) < 1e-12) return null;
  const l1 = ((b.y - c.y) * (p.x - c.x) + (c.x - b.x) * (p.y - c.y)) / det;
  const l2 = ((c.y - a.y) * (p.x - c.x) + (a.x - c.x) * (p.y - c.y)) / det;
  const l3 = 1 - l1 - l2;
  const edge = -1e-9;
  return l1 >= edge && l2 >= edge && l3 >= edge ? [l1, l2, l3] : null;
}

/** Triangles wound against the majority in texture space (the painting folds over there). */
function foldedTriangles(indices: readonly number[], uv: readonly Px[]): number {
  let positive = 0;
  let negative = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [uv[indices[t]!]!, uv[indices[t + 1]!]!, uv[indices[t + 2]!]!];
    const area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
    if (area > 0) positive++;
    else if (area < 0) negative++;
  }
  return Math.min(positive, negative);
}
