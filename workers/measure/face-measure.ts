/**
 * The face's real size, estimated over many frames (measure-sample.ts measures one): robust
 * middles of the kept frames, with an uncertainty that adds the iris ruler's own spread between
 * people (±0.5 of 11.7 mm, about ±4 %) to the frames' scatter. Runs where tracking results are
 * applied; the page only shows what it reports.
 */
import type { FaceMeasure } from '../../src/shared/try-on-types';
import { cameraScale } from './camera-distance';
import {
  IRIS_DIAMETER_MM,
  measureSample,
  sizesOf,
  type MeasureSample,
  type Refusal,
} from './measure-sample';
import type { Motion } from '../common/pose-filter';
import { median } from '../common/stats';
import type { TrackResult } from '../common/track-result';

/** The iris ruler's spread between adults, relative (0.5 mm of 11.7 mm). */
export const IRIS_SPREAD = 0.5 / IRIS_DIAMETER_MM;
/** Frames kept (the newest), about 10–20 s of tracking. */
const KEPT_FRAMES = 150;
/** Kept frames needed, and how still the middle must be (its standard error, mm), to report. */
export const STABLE_FRAMES = 20;
/**
 * Kept frames after which a head that has not turned enough to tell the camera's distance is
 * measured at the 63° camera's. Before, nothing is reported: a head that turns tells it within a
 * few seconds (portrait-turn: 27 frames), and a badge shown at the 63° camera's distance first
 * would then move by 3 mm (true-size.e2e's steadiness).
 */
export const CAMERA_WAIT_FRAMES = 60;
const STABLE_SEM_MM = 0.6;
/**
 * Where the camera may be, against the 63° camera, while the head's turns have not told it: from
 * a phone's front camera held upright (about 80°, camera-distance.ts) to a cropped or zoomed
 * video (portrait-turn's reads 2.96, true-size.e2e). The figures' errors then cover that range.
 */
const UNKNOWN_CAMERA = [0.7, 3] as const;
/** No face this long: whoever comes next may be someone else, so the measurement starts over. */
export const FORGET_AFTER_MS = 4_000;

export class FaceMeasurer {
  private samples: MeasureSample[] = [];
  private refused = 0;
  private lastFaceMs = -Infinity;
  private stable = false;
  /** The camera's distance as the turns last told it (camera-distance.ts); null before. */
  private camera: number | null = null;
  /** The last estimate; recomputed only after a new frame (it is read on every tracked frame). */
  private last: FaceMeasure | null = null;
  private dirty = false;

  /** Takes the tracking result of the frame at `timeMs` (the held face only). */
  add(
    result: TrackResult,
    timeMs: number,
    width: number,
    height: number,
    motion: Motion | null,
  ): MeasureSample | Refusal {
    const sample = measureSample(result, width, height, motion);
    if (sample === 'no-face') {
      if (timeMs - this.lastFaceMs > FORGET_AFTER_MS) this.reset();
      return sample;
    }
    // Time may run backwards (a looped or sought video): that is not an absence.
    this.lastFaceMs = timeMs;
    this.dirty = true;
    if (typeof sample === 'string') this.refused++;
    else {
      this.samples.push(sample);
      if (this.samples.length > KEPT_FRAMES) this.samples.shift();
    }
    return sample;
  }

  /** The estimate so far; null until enough frames agree (the average face is used meanwhile). */
  estimate(): FaceMeasure | null {
    if (this.dirty) this.last = this.compute();
    this.dirty = false;
    return this.last;
  }

  private compute(): FaceMeasure | null {
    const n = this.samples.length;
    if (n < STABLE_FRAMES) return null;
    // The camera's distance is one for the whole session: the turns so far tell it best, and
    // once they have, it is kept after they leave the kept frames.
    const measured = (this.camera =
      cameraScale(this.samples.map((s) => s.perspective)) ?? this.camera);
    if (measured === null && n < CAMERA_WAIT_FRAMES) return null;
    const camera = measured ?? 1;
    const sizes = this.samples.map((s) => sizesOf(s, camera));
    const pd = spreadOf(sizes.map((s) => s.pdMm));
    const width = spreadOf(sizes.map((s) => s.faceWidthMm));
    const scale = spreadOf(this.samples.map((s) => s.scale));
    // Once reported it stays (a hesitating badge helps no one) until the face is gone.
    this.stable ||= pd.sem <= STABLE_SEM_MM;
    if (!this.stable) return null;
    // With the camera's distance unknown, how far each middle would move across UNKNOWN_CAMERA.
    const ends =
      measured === null
        ? UNKNOWN_CAMERA.map((end) => this.samples.map((s) => sizesOf(s, end)))
        : [];
    type Sizes = ReturnType<typeof sizesOf>;
    const error = (spread: Spread, figure: (sizes: Sizes) => number) => {
      const moved = ends.map((end) => Math.abs(median(end.map(figure)) - spread.middle));
      return Math.hypot(spread.middle * IRIS_SPREAD, spread.sem, Math.max(0, ...moved));
    };
    return {
      pdMm: pd.middle,
      pdErrorMm: error(pd, (s) => s.pdMm),
      faceWidthMm: width.middle,
      faceWidthErrorMm: error(width, (s) => s.faceWidthMm),
      scale: scale.middle,
      cameraScale: camera,
      cameraKnown: measured !== null,
      frames: n,
      refused: this.refused,
    };
  }

  /**
   * Starts over for another person, or the same one back after an absence. The camera's distance
   * stays: it belongs to the source, and `forgetCamera` says the source changed.
   */
  reset(forgetCamera = false): void {
    this.samples = [];
    this.refused = 0;
    this.stable = false;
    if (forgetCamera) this.camera = null;
    this.last = null;
    this.dirty = false;
  }
}

interface Spread {
  /** The median. */
  middle: number;
  /** Its standard error, from the median absolute deviation (robust to a few bad frames). */
  sem: number;
}

export function spreadOf(values: readonly number[]): Spread {
  const middle = median(values);
  const sd = 1.4826 * median(values.map((v) => Math.abs(v - middle)));
  // The median's standard error is about 1.25 × the mean's.
  return { middle, sem: (1.2533 * sd) / Math.sqrt(Math.max(1, values.length)) };
}
