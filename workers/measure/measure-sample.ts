/**
 * One frame's measurement of the face's real size, with the iris as the ruler: the visible iris
 * (the limbus) is about 11.7 mm across in adults, so its size in the picture gives millimetres per
 * picture unit at the eyes. Frames that would mislead (eyes closed, head turned, a blur of motion,
 * an iris found lopsided) are refused with a reason, so the estimator can say what it kept.
 */
import type { Motion } from '../common/pose-filter';
import type { TrackResult } from '../common/track-result';

/** Mean horizontal visible iris diameter of adults, mm (spread between adults about ±0.5 mm). */
export const IRIS_DIAMETER_MM = 11.7;
/** From the eye's centre of rotation to the pupil, mm: how far a pupil moves as the eyes converge. */
const PUPIL_ROTATION_RADIUS_MM = 10.5;
/** Canonical face (cm): the pupils' depth, and the depth of the temple points 127/356. */
const CANONICAL_PUPIL_Z_CM = 3.7;
const CANONICAL_TEMPLE_Z_CM = -2.01;
/** Canonical distance between the eye centres (corner midpoints 33/133, 263/362), mm. */
export const CANONICAL_EYE_SPAN_MM = 63.1;

/** Landmarks: iris centre then its ring (right, top, left, bottom) for each eye; eye corners. */
const IRISES = [
  [468, 469, 470, 471, 472],
  [473, 474, 475, 476, 477],
] as const;
const EYE_CORNERS = [
  [33, 133],
  [263, 362],
] as const;
const TEMPLES = [127, 356] as const;

/** Limits beyond which a frame is refused. */
export const REFUSE = {
  blink: 0.35,
  /** Turning sideways shortens every width; nodding does not (webcams often look up at 10–15°). */
  yawDeg: 12,
  pitchDeg: 25,
  speedCmS: 12,
  spinRadS: 0.5,
  /** Largest/smallest of the two irises, and of one iris's width/height. */
  lopsided: 1.2,
} as const;

export type Refusal = 'no-face' | 'blink' | 'turned' | 'moving' | 'lopsided';

export interface MeasureSample {
  /** Far pupillary distance, mm (corrected for the convergence on a near camera). */
  pdMm: number;
  /** Face width at the temples (landmarks 127/356), mm, corrected for their depth. */
  faceWidthMm: number;
  /** Distance between the eye centres against the canonical face's (1 = the average face). */
  scale: number;
}

type Point = { x: number; y: number; z: number };

/** Measures one tracked face (the held one, index 0); `width`/`height`: the picture's pixels. */
export function measureSample(
  result: TrackResult,
  width: number,
  height: number,
  motion: Motion | null,
): MeasureSample | Refusal {
  const points = result.faceLandmarks?.[0];
  const matrix = result.facialTransformationMatrixes?.[0]?.data;
  if (!points || points.length < 478 || !matrix) return 'no-face';
  const scores = new Map(
    result.faceBlendshapes?.[0]?.categories.map((c) => [c.categoryName, c.score]),
  );
  if (Math.max(scores.get('eyeBlinkLeft') ?? 0, scores.get('eyeBlinkRight') ?? 0) > REFUSE.blink)
    return 'blink';
  const turn = headTurn(matrix);
  if (Math.abs(turn.yawDeg) > REFUSE.yawDeg || Math.abs(turn.pitchDeg) > REFUSE.pitchDeg)
    return 'turned';
  if (motion && (motion.speedCmS > REFUSE.speedCmS || motion.spinRadS > REFUSE.spinRadS))
    return 'moving';

  // Picture units: x and z scale with the width, y with the height (MediaPipe's convention).
  const at = (i: number): Point => {
    const p = points[i]!;
    return { x: p.x * width, y: p.y * height, z: p.z * width };
  };
  const irises = IRISES.map(([, right, top, left, bottom]) => ({
    across: distance(at(right), at(left)),
    down: distance(at(top), at(bottom)),
  }));
  const sizes = irises.map((iris) => (iris.across + iris.down) / 2);
  const lopsided = (a: number, b: number) => Math.max(a, b) / Math.max(1e-9, Math.min(a, b));
  if (
    lopsided(sizes[0]!, sizes[1]!) > REFUSE.lopsided ||
    irises.some((iris) => lopsided(iris.across, iris.down) > REFUSE.lopsided)
  )
    return 'lopsided';
  const mmPerUnit = IRIS_DIAMETER_MM / ((sizes[0]! + sizes[1]!) / 2);

  const nearPdMm = distance(at(IRISES[0][0]), at(IRISES[1][0])) * mmPerUnit;
  const eyeCentre = ([a, b]: readonly [number, number]) => midpoint(at(a), at(b));
  const eyeSpanMm = distance(eyeCentre(EYE_CORNERS[0]), eyeCentre(EYE_CORNERS[1])) * mmPerUnit;
  const scale = eyeSpanMm / CANONICAL_EYE_SPAN_MM;

  // The pose's distance is in canonical centimetres; real distances are that times the scale.
  const originCm = Math.hypot(matrix[12]!, matrix[13]!, matrix[14]!);
  const pupilsCm = originCm - CANONICAL_PUPIL_Z_CM;
  if (!(pupilsCm > 5)) return 'no-face';
  // Looking at a near camera the eyes turn inward: each pupil moves r·sin(angle) toward the nose.
  const pdMm = nearPdMm / (1 - PUPIL_ROTATION_RADIUS_MM / (pupilsCm * 10 * scale));
  // The temples lie further back than the irises, so they look smaller by the ratio of depths.
  const depthRatio = (pupilsCm + CANONICAL_PUPIL_Z_CM - CANONICAL_TEMPLE_Z_CM) / pupilsCm;
  const faceWidthMm = distance(at(TEMPLES[0]), at(TEMPLES[1])) * mmPerUnit * depthRatio;
  return { pdMm, faceWidthMm, scale };
}

/** The head's turn from facing the camera: yaw (sideways) and pitch (nodding), degrees. */
export function headTurn(matrix: ArrayLike<number>): { yawDeg: number; pitchDeg: number } {
  // Column 2 of the column-major pose: the face's forward axis in camera space.
  const [x, y, z] = [matrix[8]!, matrix[9]!, matrix[10]!];
  const deg = (radians: number) => (radians * 180) / Math.PI;
  return { yawDeg: deg(Math.atan2(x, z)), pitchDeg: deg(Math.atan2(y, z)) };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, z: (a.z + b.z) / 2 };
}
