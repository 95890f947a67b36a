/**
 * One frame's measurement of the face's real size, with the iris as the ruler: the visible iris
 * (the limbus) is about 11.7 mm across in adults, so its size in the picture gives millimetres per
 * picture pixel at the eyes. Frames that would mislead (eyes closed, head turned away, a blur of
 * motion, an iris found lopsided) are refused with a reason, so the estimator can say what it kept.
 */
import type { Motion } from '../common/pose-filter';
import type { TrackResult } from '../common/track-result';
import { depthOf, focalPx, foreshortening, headTurn, poseAxis, type Px } from './face-frame';

export { headTurn } from './face-frame';

/** Mean horizontal visible iris diameter of adults, mm (spread between adults about ±0.5 mm). */
export const IRIS_DIAMETER_MM = 11.7;
/**
 * MediaPipe's iris ring is wider than tall on an open eye (the lids hide the iris's top and
 * bottom): across ÷ down, the middle over frames, is 1.14 on portrait-turn, 1.12 on
 * webcam-720p60 and 1.14 on the known face. It turns the vertical diameter into the ruler's
 * calibration, the mean of the two.
 */
const IRIS_WIDER = 1.13;
/** From the eye's centre of rotation to the pupil, mm: how far a pupil moves as the eyes converge. */
const PUPIL_ROTATION_RADIUS_MM = 10.5;
/** Canonical face (cm, its frame): from the pupils' midpoint to the temples' (127/356). */
const TEMPLES_FROM_PUPILS_CM = [0, -0.27, -5.71] as const;
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
  /**
   * A turn shortens every width across the face, which the pose undoes (face-frame.ts), and the
   * horizontal iris diameter, which the vertical one replaces; past about 40° the far eye starts
   * to hide behind the nose and its iris is guessed more than seen.
   */
  yawDeg: 40,
  /** Nodding shortens the vertical iris diameter (webcams often look up at 10–15°). */
  pitchDeg: 25,
  speedCmS: 12,
  spinRadS: 0.5,
  /** Largest/smallest of the two irises (perspective aside), and of one iris's shape. */
  lopsided: 1.2,
} as const;

export type Refusal = 'no-face' | 'blink' | 'turned' | 'moving' | 'lopsided';

/**
 * One frame's lengths at the eyes, in millimetres by the iris ruler. What they mean in the real
 * world also depends on how far the camera is (sizesOf), which one frame does not tell.
 */
export interface MeasureSample {
  /** The pupils' distance as they are, converged on the camera, mm. */
  nearPdMm: number;
  /** The temples' distance (landmarks 127/356) as if they were as near as the pupils, mm. */
  templesAtEyesMm: number;
  /** How much further from the camera the temples are than the pupils, mm. */
  templesBehindMm: number;
  /** The pupils' distance from the camera, were it the tracker's 63° one, mm. */
  eyesMm: number;
  /**
   * The perspective between the two eyes: ln(iris 468 ÷ iris 473), as the 63° camera would see
   * it for the eyes' depths (predicted) and as found (measured). See camera-distance.ts.
   */
  perspective: { predicted: number; measured: number };
  /** Distance between the eye centres against the canonical face's (1 = the average face). */
  scale: number;
}

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

  // Picture pixels from the centre, where the camera's axis meets the picture.
  const at = (i: number): Px => ({
    x: (points[i]!.x - 0.5) * width,
    y: (points[i]!.y - 0.5) * height,
  });
  const irises = IRISES.map(([, right, top, left, bottom]) => ({
    across: distance(at(right), at(left)),
    down: distance(at(top), at(bottom)),
  }));
  // Face-on, both diameters (their mean is the ruler); turned, the vertical one alone: a turn
  // shortens the horizontal diameter of an iris that turns with the head (painted, or looking
  // straight ahead) but not of one looking at the camera, and the picture cannot tell which.
  const turned = Math.min(1, Math.max(0, (Math.abs(turn.yawDeg) - 5) / 10));
  const sizes = irises.map(
    ({ across, down }) =>
      ((1 - turned) * (across + down)) / 2 + (turned * down * (1 + IRIS_WIDER)) / 2,
  );
  const focal = focalPx(height);
  const rulerPx = (sizes[0]! + sizes[1]!) / 2;
  const mm = IRIS_DIAMETER_MM / rulerPx;
  const eyesMm = focal * mm;
  if (!(eyesMm > 5 * PUPIL_ROTATION_RADIUS_MM)) return 'no-face';
  const acrossFace = poseAxis(matrix, 0);
  /** A length across the face between picture points a and b, mm at the pupils' depth. */
  const spanMm = (a: Px, b: Px) =>
    (distance(a, b) * mm) / foreshortening(acrossFace, midpoint(a, b), focal);

  const nearPdMm = spanMm(at(IRISES[0][0]), at(IRISES[1][0]));
  // The nearer eye's iris looks larger: by the pupils' depth difference over their distance.
  const predicted = (-acrossFace[2] * nearPdMm) / eyesMm;
  const measured = Math.log(irises[0]!.down / irises[1]!.down);
  const lopsided = (a: number, b: number) => Math.max(a, b) / Math.max(1e-9, Math.min(a, b));
  // One iris's shape against MediaPipe's usual ring; turned with the head, an iris is narrower
  // by the turn, the far one about twice over (the eye also slopes away toward the temple).
  const narrowest = Math.cos((turn.yawDeg * Math.PI) / 180) ** 2;
  const misshapen = ({ across, down }: { across: number; down: number }) =>
    across > down * IRIS_WIDER * REFUSE.lopsided ||
    across * REFUSE.lopsided < down * IRIS_WIDER * narrowest;
  if (
    lopsided(sizes[0]!, sizes[1]! * Math.exp(predicted)) > REFUSE.lopsided ||
    irises.some(misshapen)
  )
    return 'lopsided';
  const eyeCentre = ([a, b]: readonly [number, number]) => midpoint(at(a), at(b));
  const scale =
    spanMm(eyeCentre(EYE_CORNERS[0]), eyeCentre(EYE_CORNERS[1])) / CANONICAL_EYE_SPAN_MM;
  // The temples' own picture scale is the pupils' times their depths' ratio (sizesOf).
  const templesAtEyesMm = spanMm(at(TEMPLES[0]), at(TEMPLES[1]));
  const templesBehindMm = depthOf(matrix, TEMPLES_FROM_PUPILS_CM) * 10 * scale;
  return {
    nearPdMm,
    templesAtEyesMm,
    templesBehindMm,
    eyesMm,
    perspective: { predicted, measured },
    scale,
  };
}

/**
 * The far PD and the face width of one frame, mm, the camera `cameraScale` times as far as the
 * tracker's 63° camera would be (camera-distance.ts; 1 without a better guess). Looking at a near
 * camera the eyes turn inward, each pupil r·sin(angle) toward the nose; the temples lie further
 * back than the pupils and look smaller by the ratio of their depths.
 */
export function sizesOf(
  sample: MeasureSample,
  cameraScale = 1,
): { pdMm: number; faceWidthMm: number } {
  const eyesMm = sample.eyesMm * cameraScale;
  return {
    pdMm: sample.nearPdMm / (1 - PUPIL_ROTATION_RADIUS_MM / eyesMm),
    faceWidthMm: (sample.templesAtEyesMm * (eyesMm + sample.templesBehindMm)) / eyesMm,
  };
}

function distance(a: Px, b: Px): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function midpoint(a: Px, b: Px): Px {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
