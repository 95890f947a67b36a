/**
 * How far the camera really is, against the tracker's 63° camera. The pose and the iris ruler
 * place the face as a 63° camera would see it; a narrower lens (a laptop's 45° webcam, a zoomed
 * or cropped video) sees the same picture from further away, where the eyes converge less and
 * the temples are relatively nearer, so the far PD and the face width need the real distance
 * (measure-sample.ts sizesOf). One picture cannot tell, but a head that turns can: the nearer
 * eye's iris looks larger by the eyes' depth difference over the camera's distance. Against the
 * ratio the 63° camera predicts, the measured one has the slope 1 / scale across frames (each
 * person's own difference between the eyes, a constant, drops out of a slope).
 */
import { median } from '../common/stats';

/** Two frames must differ this much in the predicted ln ratio: about 15° of turn at 45 cm. */
const MIN_APART = 0.04;
/** Pairs of such frames needed before the turns are believed over the 63° camera. */
const MIN_PAIRS = 40;
/**
 * The camera's distance against the 63° camera's, at most and at least: a phone's front camera
 * held upright sees up to about 80° (0.7), a zoomed video may be ten times as far (the estimate
 * loses its precision long before: at 5 the far PD's correction is 0.5 %, within its noise).
 */
const RANGE = [0.6, 5] as const;

export interface Perspective {
  predicted: number;
  measured: number;
}

/**
 * The real camera's distance ÷ the 63° camera's, from frames' perspectives (MeasureSample): the
 * median slope between pairs of frames turned differently enough (robust to odd frames), or null
 * while the head has not turned enough to say.
 */
export function cameraScale(frames: readonly Perspective[]): number | null {
  const slopes: number[] = [];
  // Every frame against every few others: at most about 3,000 pairs to sort on each new frame,
  // ~0.8 ms on two cores (all 11,000 pairs of 150 kept frames would take three times that).
  const stride = Math.max(1, Math.round(frames.length / 40));
  for (let i = 0; i < frames.length; i++) {
    for (let j = i + 1; j < frames.length; j += stride) {
      const apart = frames[i]!.predicted - frames[j]!.predicted;
      if (Math.abs(apart) < MIN_APART) continue;
      slopes.push((frames[i]!.measured - frames[j]!.measured) / apart);
    }
  }
  if (slopes.length < MIN_PAIRS) return null;
  const slope = median(slopes);
  return slope * RANGE[1] <= 1 ? RANGE[1] : Math.min(RANGE[1], Math.max(RANGE[0], 1 / slope));
}
