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
 * Decides each recording size's format, scale and grabber once, ahead of the press: timing the
 * encoder (encoder-pace.ts) and loading the muxer take seconds on a busy phone, and a recording
 * that waits for them starts that much late. One plan per video size and scale, kept while the
 * worker lives (a new size is planned again).
 */
export class RecordPrep {
  private readonly plans = new Map<string, Promise<RecordPlan>>();

  /** The plan for this size, made now (with `picture` for the encoder's timing) or earlier. */
  plan(
    videoWidth: number,
    videoHeight: number,
    scale: number,
    picture: VideoFrame | null,
  ): Promise<RecordPlan> {
    const key = `${videoWidth}x${videoHeight}@${scale}`;
    let plan = this.plans.get(key);
    if (!plan) {
      plan = makePlan(videoWidth, videoHeight, scale, picture);
      // A failed plan is made again next time.
      plan.catch(() => this.plans.delete(key));
      this.plans.set(key, plan);
    }
    return plan;
  }

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
  const probe = picture ? pictureProbe(picture) : null;
  const [sized] = await Promise.all([
    chooseRecordFormat(videoWidth, videoHeight, scale, probe),
    import('./muxer'),
  ]);
  return { sized, encoderScales: sized ? await encoderScales(sized.format.config) : false };
}
