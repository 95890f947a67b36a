import { DeadlinePassed } from '../../src/shared/deadline';
import type { RecordingResult, RecordingStart } from '../../src/shared/try-on-types';
import { CAPTURE_SCALE } from '../../src/shared/ui-constants';
import { Recorder } from '../capture/recorder';
import { RecordPrep, type RecordPlan } from '../capture/record-prep';
import { HOLD_MS } from './held-frames';
import type { KeptPicture } from './kept-picture';

/**
 * A source's pictures are on this long before its recording is planned (record-prep.ts): after
 * the start's own work (the first glasses, the first detections), before anyone presses 录像.
 */
const PLAN_AFTER_MS = 2000;
/**
 * How long a stop waits for a picture captured after its press, where pictures are drawn as they
 * come (a camera's, or a file's on the page path): as long as a file's frame may be held for its
 * pose (held-frames.ts). Past it, or when no picture came for that long before the press (a
 * paused file), none is coming and the last one is held to the press instead.
 */
const AFTER_PRESS_MS = HOLD_MS + 100;

/** The pipeline's recording: planned ahead of the press, then fed every drawn picture. */
export class Recording {
  private recorder: Recorder | null = null;
  /** A recording asked to stop, still fed the pictures drawn before its press (`stop`). */
  private stopping: Recorder | null = null;
  private readonly prep = new RecordPrep();
  /** When pictures of the current size began (performance.now()). */
  private sizeSince = 0;
  /** When the last picture was drawn (performance.now()), and its capture time (µs). */
  private lastPictureAt = -Infinity;
  private lastPictureUs = -Infinity;
  /** Stops waiting for a picture captured at or after their press (`drawnAfter`). */
  private afterPress: { atUs: number; done: () => void }[] = [];

  constructor(
    private readonly gl: WebGL2RenderingContext | WebGLRenderingContext,
    private readonly kept: KeptPicture,
  ) {}

  /** The video's size changed: its recording is planned again once it has been on a while. */
  sizeChanged(): void {
    this.sizeSince = performance.now();
  }

  /** Call right after drawing `canvas` (recorder.ts); plans ahead while nothing records. */
  addFrame(canvas: OffscreenCanvas, timestampUs: number, width: number, height: number): void {
    this.lastPictureAt = performance.now();
    this.lastPictureUs = timestampUs;
    this.stopping?.addFrame(canvas, timestampUs);
    for (const waiter of this.afterPress.filter((w) => timestampUs >= w.atUs)) waiter.done();
    if (this.recorder) {
      this.recorder.addFrame(canvas, timestampUs);
      return;
    }
    if (this.prep.has(width, height, CAPTURE_SCALE)) return;
    if (performance.now() - this.sizeSince < PLAN_AFTER_MS) return;
    void this.kept
      .withPicture((picture) => this.prep.plan(width, height, CAPTURE_SCALE, picture))
      .catch(() => {});
  }

  /** Records the drawn pictures at `scale` × the video size (recorder.ts). */
  async start(
    width: number,
    height: number,
    scale: number,
    pressedAtMs: number,
  ): Promise<RecordingStart> {
    if (this.recorder) return { ok: true, ...this.recorder.info };
    let plan: RecordPlan;
    try {
      plan = await this.kept.withPicture((picture) =>
        this.prep.plan(width, height, scale, picture),
      );
    } catch (error) {
      if (!(error instanceof DeadlinePassed)) throw error;
      // An encoder that does not answer: the page records what it shows instead.
      console.warn('[engine] the recording encoder did not answer; the page records', error);
      return { ok: false, reason: 'no-webcodecs' };
    }
    // Another start may have won while the plan was made.
    const running = this.recorder as Recorder | null;
    if (running) return { ok: true, ...running.info };
    const started = await Recorder.start(this.gl, width, height, scale, pressedAtMs, plan);
    if (typeof started === 'string') return { ok: false, reason: started };
    this.recorder = started;
    return { ok: true, ...started.info };
  }

  /**
   * Resolves once a picture captured at or after `pressedAtMs` is drawn (the recording then ends
   * on the source's picture at the press, not on one captured a tracking's lag before it and
   * held), or at once when one already was or pictures are not coming, or after AFTER_PRESS_MS.
   */
  private drawnAfter(pressedAtMs: number): Promise<void> {
    const atUs = pressedAtMs * 1000;
    if (this.lastPictureUs >= atUs) return Promise.resolve();
    if (performance.now() - this.lastPictureAt > AFTER_PRESS_MS) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = {
        atUs,
        done: () => {
          clearTimeout(deadline);
          this.afterPress = this.afterPress.filter((w) => w !== waiter);
          resolve();
        },
      };
      const deadline = setTimeout(waiter.done, AFTER_PRESS_MS);
      this.afterPress.push(waiter);
    });
  }

  /**
   * Ends the recording at `pressedAtMs` once the pictures before the press are drawn: a file's
   * held frames, when `heldDrawn` says so (held-frames.ts), else up to the first picture captured
   * after the press (`drawnAfter`). A new recording may start meanwhile.
   */
  async stop(pressedAtMs: number, heldDrawn?: Promise<void>): Promise<RecordingResult> {
    const recorder = this.recorder;
    if (!recorder) throw new Error('not recording');
    this.recorder = null;
    this.stopping = recorder;
    try {
      await (heldDrawn ?? this.drawnAfter(pressedAtMs));
    } finally {
      if (this.stopping === recorder) this.stopping = null;
    }
    return recorder.stop(pressedAtMs);
  }

  /** Drops a recording under way (the engine is disposed). */
  cancel(): void {
    for (const waiter of [...this.afterPress]) waiter.done();
    this.recorder?.cancel();
    this.stopping?.cancel();
    this.recorder = null;
    this.stopping = null;
  }
}
