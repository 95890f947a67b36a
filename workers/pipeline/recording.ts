import type { RecordingResult, RecordingStart } from '../../src/shared/try-on-types';
import { CAPTURE_SCALE } from '../../src/shared/ui-constants';
import { Recorder } from '../capture/recorder';
import { RecordPrep } from '../capture/record-prep';
import type { KeptPicture } from './kept-picture';

/**
 * A source's pictures are on this long before its recording is planned (record-prep.ts): after
 * the start's own work (the first glasses, the first detections), before anyone presses 录像.
 */
const PLAN_AFTER_MS = 2000;

/** The pipeline's recording: planned ahead of the press, then fed every drawn picture. */
export class Recording {
  private recorder: Recorder | null = null;
  /** A recording asked to stop, still fed the pictures drawn before its press (`stop`). */
  private stopping: Recorder | null = null;
  private readonly prep = new RecordPrep();
  /** When pictures of the current size began (performance.now()). */
  private sizeSince = 0;

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
    this.stopping?.addFrame(canvas, timestampUs);
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
    const plan = await this.kept.withPicture((picture) =>
      this.prep.plan(width, height, scale, picture),
    );
    // Another start may have won while the plan was made.
    const running = this.recorder as Recorder | null;
    if (running) return { ok: true, ...running.info };
    const started = await Recorder.start(this.gl, width, height, scale, pressedAtMs, plan);
    if (typeof started === 'string') return { ok: false, reason: started };
    this.recorder = started;
    return { ok: true, ...started.info };
  }

  /**
   * Ends the recording at `pressedAtMs`, once `drawn` says the pictures before the press are drawn
   * (a file's held frames: held-frames.ts); a new recording may start meanwhile.
   */
  async stop(
    pressedAtMs: number,
    drawn: Promise<void> = Promise.resolve(),
  ): Promise<RecordingResult> {
    const recorder = this.recorder;
    if (!recorder) throw new Error('not recording');
    this.recorder = null;
    this.stopping = recorder;
    try {
      await drawn;
    } finally {
      if (this.stopping === recorder) this.stopping = null;
    }
    return recorder.stop(pressedAtMs);
  }

  /** Drops a recording under way (the engine is disposed). */
  cancel(): void {
    this.recorder?.cancel();
    this.stopping?.cancel();
    this.recorder = null;
    this.stopping = null;
  }
}
