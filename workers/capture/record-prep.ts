import { withDeadline } from '../../src/shared/deadline';
import { pictureProbe } from './encoder-pace';
import { encoderScales } from './frame-grabber';
import { chooseRecordFormat, type SizedFormat } from './record-size';

/** What a recording at one size needs decided before its first picture. */
export interface RecordPlan {
  /** Null: this browser encodes no format at any size. */
  sized: SizedFormat | null;
  /** Whether the encoder scales a picture of another size itself (frame-grabber.ts). */
  encoderScales: boolean;
}

/**
 * A plan not made within this, ms (an encoder whose isConfigSupported or flush never answers)
 * fails with DeadlinePassed, and the next press plans again: under the page's 10 s for the
 * start command (ENGINE_DEADLINES_MS.command), so the press is answered rather than the engine
 * restarted as stuck (tests/unit/record-prep.test.ts).
 */
export const RECORD_PLAN_MS = 8_000;

/**
 * Decides each recording size's format, scale and grabber once, ahead of the press: timing the
 * encoder (encoder-pace.ts) and loading the muxer take seconds on a busy phone, and a recording
 * that waits for them starts that much late. One plan per video size and scale, kept while the
 * worker lives (a new size is planned again).
 */
export class RecordPrep {
  private readonly plans = new Map<string, { plan: Promise<RecordPlan>; failed: boolean }>();

  /**
   * The plan for this size, made now (with `picture` for the encoder's timing) or earlier. One
   * that failed is kept, so that planning ahead tries a size once, and made again when asked
   * for here once more (the press).
   */
  plan(
    videoWidth: number,
    videoHeight: number,
    scale: number,
    picture: VideoFrame | null,
  ): Promise<RecordPlan> {
    const key = `${videoWidth}x${videoHeight}@${scale}`;
    const known = this.plans.get(key);
    if (known && !known.failed) return known.plan;
    const made = makePlan(videoWidth, videoHeight, scale, picture);
    const entry = { plan: withDeadline(made, RECORD_PLAN_MS), failed: false };
    entry.plan.catch(() => (entry.failed = true));
    this.plans.set(key, entry);
    return entry.plan;
  }

  /** Whether this size was planned, or tried. */
  has(videoWidth: number, videoHeight: number, scale: number): boolean {
    return this.plans.has(`${videoWidth}x${videoHeight}@${scale}`);
  }
}

async function makePlan(
  videoWidth: number,
  videoHeight: number,
  scale: number,
  picture: VideoFrame | null,
): Promise<RecordPlan> {
  if (typeof VideoEncoder === 'undefined') return { sized: null, encoderScales: false };
  const probe = picture ? pictureProbe(picture) : null;
  const [sized] = await Promise.all([
    chooseRecordFormat(videoWidth, videoHeight, scale, probe),
    import('./muxer'),
  ]);
  return { sized, encoderScales: sized ? await encoderScales(sized.format.config) : false };
}
