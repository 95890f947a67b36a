/**
 * What WebGL uploads for a frame: the drawing's (scene.ts), and MediaPipe's in its own context
 * (tracking/delegate-picker.ts). On Chromium's SwiftShader, uploading a VideoFrame held in memory
 * costs the GPU process about 18–20 ms of CPU a frame (a 436×384 I420 camera frame: 1.8–2.0 s for
 * 100), out of sight of the drawing's own time; drawn first into a 2D canvas kept in memory, and
 * that canvas uploaded, the frame costs about 1.5–3 ms here and next to nothing there. Where the
 * page is composited on the GPU (SwiftShader's too), the frame is not in memory and that drawing
 * reads it back, 12–14 ms a frame for no saving: the first frames are timed, and if the drawing
 * costs more than `DRAW_LIMIT_MS`, frames are uploaded as they are from then on. The drawing is
 * synchronous: a frame that waited for an asynchronous copy (`VideoFrame.copyTo`) cost the bench
 * 6 % of its drawn frames. Elsewhere the frame is always uploaded as it is: a real GPU reads it in
 * place, and no other engine's software GL has been measured. Figures: the bench's two Against
 * sections (bench/RESULTS.md: pages composited through SwiftShader, and on the CPU with
 * `--page-on-cpu`), and `?stats`' 渲染耗时.
 */
/** Frames timed before deciding; the first is left out (the canvas's own start). */
const TRIAL_FRAMES = 4;
/** Between the drawing from memory (1.5–3 ms) and the read back from the GPU (12–14 ms). */
export const DRAW_LIMIT_MS = 6;

export class FrameUpload {
  private context: OffscreenCanvasRenderingContext2D | null = null;
  private on: boolean;
  /** Drawing times of the trial's frames (ms); null once decided. */
  private trial: number[] | null = [];

  /** `swiftShader`: WebGL here is Chromium's SwiftShader (gl-renderer.ts). */
  constructor(
    swiftShader: boolean,
    private readonly now = () => performance.now(),
  ) {
    this.on = swiftShader;
  }

  /** What to upload for `frame`: the frame, or a canvas holding its picture until the next call. */
  source(frame: VideoFrame): VideoFrame | OffscreenCanvas {
    if (!this.on) return frame;
    try {
      const start = this.now();
      const canvas = this.draw(frame);
      this.time(this.now() - start);
      return canvas;
    } catch (error) {
      // An engine that cannot draw a frame on a 2D canvas does so at once, every time.
      this.on = false;
      console.warn('[engine] frames uploaded as they are: no 2D canvas for them', error);
      return frame;
    }
  }

  private draw(frame: VideoFrame): OffscreenCanvas {
    const { displayWidth: width, displayHeight: height } = frame;
    this.context ??= new OffscreenCanvas(width, height).getContext('2d', {
      willReadFrequently: true,
    });
    if (!this.context) throw new Error('no 2D context');
    const { canvas } = this.context;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    this.context.drawImage(frame, 0, 0);
    return canvas;
  }

  private time(ms: number): void {
    if (!this.trial) return;
    this.trial.push(ms);
    if (this.trial.length < TRIAL_FRAMES) return;
    const sorted = this.trial.slice(1).sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1]!;
    this.trial = null;
    if (median <= DRAW_LIMIT_MS) return;
    // This frame is drawn from the canvas; the next ones are uploaded as they are.
    this.on = false;
    this.context = null;
    console.info(`[engine] frames uploaded as they are: drawing one costs ${median.toFixed(1)} ms`);
  }
}
