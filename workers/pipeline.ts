import type { GlassesReport } from '../src/shared/glasses-types';
import type {
  CapturePair,
  ContextEvent,
  Delegate,
  EngineVerdicts,
  EngineInit,
  FrameOptions,
  FrameResult,
  GlassesInput,
  LensQuality,
  RecordingResult,
  RecordingStart,
  WorkerStats,
} from '../src/shared/try-on-types';
import { CanvasFit } from './canvas-fit';
import { FacePose } from './face-pose';
import type { Tracking } from './frame-tracking';
import { loadOccluder } from './glasses-loader';
import { measureLensQuality } from './lens-quality';
import { Recorder } from './recorder';
import { RisingClock } from './rising-clock';
import { TryOnScene } from './scene';
import { capturePng, GlassesSlot, loadEnvironment } from './scene-content';
import { probeSoftwareGl } from './software-gl';
import { PipelineMeter } from './stats';
import { startTracking } from './start-tracking';
import type { TrackAudit } from './track-audit';

const STATS_INTERVAL_MS = 250;
/**
 * No frame for this long (a paused video, a stalled camera): the kept picture, drawn with a
 * predicted pose, is tracked and drawn again with its own.
 */
const STILL_PICTURE_MS = 200;

/** Poses the glasses on each frame (tracking.ts), renders the picture and closes the frame. */
export class TryOnPipeline {
  private readonly meter = new PipelineMeter();
  private readonly fit: CanvasFit;
  private readonly clock = new RisingClock();
  private lastStats = 0;
  private quality: LensQuality | 'pending' = 'pending';
  private mirror = false;
  /** The last picture, kept (as a clone) for photos; replaced and closed on every frame. */
  private lastFrame: VideoFrame | null = null;
  private received = 0;
  private closed = 0;
  private recorder: Recorder | null = null;
  private readonly glasses: GlassesSlot;
  /** Whether the kept picture has its own pose (or was drawn with a predicted one). */
  private lastTracked = false;
  private stillTimer: ReturnType<typeof setTimeout> | undefined;

  private constructor(
    private readonly scene: TryOnScene,
    private readonly facePose: FacePose,
    private readonly tracking: Tracking,
    private readonly audit: TrackAudit | null,
    private readonly onStats: (stats: WorkerStats) => void,
  ) {
    this.fit = new CanvasFit(scene);
    this.glasses = new GlassesSlot(scene);
  }

  static async create(
    init: EngineInit,
    onStats: (stats: WorkerStats) => void,
    onError: (code: ContextEvent, message: string) => void,
    onVerdicts: (verdicts: EngineVerdicts) => void = () => {},
  ): Promise<TryOnPipeline> {
    const canvas = init.canvas;
    if (!canvas) throw new Error('no canvas to draw into');
    // Software GL (measured on SwiftShader, portrait video): MSAA off took drawn frames from 8.4
    // to 10.6 per second, and the GPU delegate loses there (221 ms against 43 ms a detection)
    // while building it would stall the picture for seconds: no trial.
    const software = probeSoftwareGl();
    const scene = new TryOnScene(canvas, init.width, init.height, init.pixelRatio, !software);
    canvas.addEventListener('webglcontextlost', () => onError('webgl-lost', 'context lost'));
    canvas.addEventListener('webglcontextrestored', () => onError('webgl-restored', ''));
    const source = {
      modelBytes: new Uint8Array(init.modelBytes),
      wasmLoaderUrl: init.wasmLoaderUrl,
      wasmBinaryUrl: init.wasmBinaryUrl,
    };
    let pipeline: TryOnPipeline | null = null;
    const decided = (delegate: Delegate) => {
      onVerdicts({ delegate });
      pipeline?.publish(true);
    };
    const force = init.forceDelegate ?? (software ? 'CPU' : undefined);
    const facePose = new FacePose(scene);
    const parts = { facePose, scene };
    const { tracking, audit } = await startTracking(source, init, force, parts, decided);
    pipeline = new TryOnPipeline(scene, facePose, tracking, audit, onStats);
    pipeline.quality = init.lensQuality ?? measureLensQuality(scene);
    onVerdicts({ quality: pipeline.quality });
    return pipeline;
  }

  /**
   * Draws every frame with the pose tracking gives it (its own, or the last one predicted to its
   * timestamp); frames are tracked when the scheduler says so. Closes the frame.
   */
  processFrame(frame: VideoFrame, options: FrameOptions): FrameResult {
    this.received++;
    try {
      this.fit.fitVideo(frame.displayWidth, frame.displayHeight);
      const timestampMs = this.clock.next(frame.timestamp / 1000);
      this.mirror = options.mirror;
      const { tracked, detectMs } = this.tracking.frame(frame, timestampMs, options.mirror);
      const t1 = performance.now();
      this.scene.setMirror(options.mirror);
      this.scene.render(frame);
      this.recorder?.addFrame(this.scene.canvas, timestampMs * 1000);
      const t2 = performance.now();
      // On a tracking worker, no drawn frame has its own pose yet (its result comes later).
      this.keep(frame, tracked && this.tracking.sync);
      clearTimeout(this.stillTimer);
      if (!this.lastTracked) this.stillTimer = setTimeout(() => this.redraw(), STILL_PICTURE_MS);
      const { face } = this.facePose;
      this.meter.record({
        detectMs,
        renderMs: t2 - t1,
        capturedAtMs: frame.timestamp / 1000,
        face,
      });
      this.publish(false);
      return { face, tracked, detectMs: detectMs ?? 0, renderMs: t2 - t1 };
    } finally {
      frame.close();
      this.closed++;
    }
  }

  /**
   * Draws the kept picture again at once, so a change shows even when no new frame comes (a
   * paused video; Firefox sends none while a video stands still). A picture drawn with a predicted
   * pose is then tracked and drawn again with its own, if it is still the newest.
   */
  redraw(): void {
    const kept = this.lastFrame;
    if (!kept) return;
    this.draw(kept);
    if (this.lastTracked) return;
    this.withOwnPose((frame) => {
      if (this.lastFrame === kept) this.draw(frame);
    }).catch((error: unknown) => console.warn('redraw: tracking failed', error));
  }

  private draw(frame: VideoFrame): void {
    this.scene.setMirror(this.mirror);
    this.scene.render(frame);
    this.publish(true);
  }

  private keep(frame: VideoFrame, tracked: boolean): void {
    this.lastFrame?.close();
    this.lastFrame = frame.clone();
    this.lastTracked = tracked;
  }

  /**
   * Calls `use` with the kept picture (borrowed for the call) while the scene holds that
   * picture's own pose: tracked now if it was drawn with a predicted one. Photos use this.
   */
  private async withOwnPose<T>(use: (frame: VideoFrame) => T | Promise<T>): Promise<T> {
    const kept = this.lastFrame;
    if (!kept) throw new Error('no picture yet');
    if (this.lastTracked) return use(kept);
    // A clone: newer frames may replace (and close) the kept one while it is being tracked.
    const frame = kept.clone();
    try {
      await this.tracking.trackNow(frame, this.clock.again(), this.mirror);
      // The result was applied in this task: the scene holds this picture's pose.
      if (this.lastFrame === kept) this.lastTracked = true;
      return await use(frame);
    } finally {
      frame.close();
    }
  }

  /**
   * Renders the last picture at `scale` times the video size into a PNG, mirrored like the
   * preview, with its own pose. With `glasses: false` the same picture is rendered without them.
   */
  capture(scale: number, glasses = true): Promise<Blob> {
    return this.withOwnPose((frame) =>
      capturePng(this.scene, frame, { scale, glasses, mirror: this.mirror }),
    );
  }

  /** The same picture with and without glasses, and its eye centres (tests and bench). */
  capturePair(scale: number): Promise<CapturePair> {
    return this.withOwnPose(async (frame) => {
      const eyes = this.facePose.eyes;
      const options = { scale, mirror: this.mirror };
      const [withGlasses, without] = await Promise.all([
        capturePng(this.scene, frame, { ...options, glasses: true }),
        capturePng(this.scene, frame, { ...options, glasses: false }),
      ]);
      return { withGlasses, without, eyes };
    });
  }

  resize(displayWidth: number, displayHeight: number): void {
    this.fit.fitDisplay(displayWidth, displayHeight);
  }

  publish(force: boolean): void {
    const now = performance.now();
    if (!force && now - this.lastStats < STATS_INTERVAL_MS) return;
    this.lastStats = now;
    this.onStats({
      ...this.meter.timings(),
      face: this.facePose.face,
      delegate: this.tracking.delegate,
      quality: this.quality,
      alignPx: this.facePose.alignPx,
      eyes: this.facePose.eyes,
      openFrames: this.received - this.closed,
      ...(this.audit ? { auditPx: [this.audit.errorPx.p(50), this.audit.errorPx.p(95)] } : {}),
    });
  }

  /** Wears the model once it has loaded (the newest request wins) and shows it at once. */
  async setGlasses(input: GlassesInput): Promise<GlassesReport> {
    const { report, worn } = await this.glasses.set(input, this.quality);
    if (worn) this.redraw();
    return report;
  }

  clearGlasses(): void {
    this.glasses.clear();
    this.redraw();
  }

  async setOccluder(glb: ArrayBuffer): Promise<void> {
    this.scene.addOccluder(await loadOccluder(glb));
  }

  setEnvironment(image: Blob): Promise<void> {
    return loadEnvironment(this.scene, image, this.quality === 'fast');
  }

  /** Records the rendered pictures at `scale` × the video size (see recorder.ts). */
  async startRecording(scale: number, pressedAtMs: number): Promise<RecordingStart> {
    if (this.recorder) return { ok: true, ...this.recorder.info };
    const { width, height } = this.fit.videoSize;
    const started = await Recorder.start(width, height, scale, pressedAtMs);
    if (typeof started === 'string') return { ok: false, reason: started };
    this.recorder = started;
    return { ok: true, ...started.info };
  }

  stopRecording(pressedAtMs: number): Promise<RecordingResult> {
    const recorder = this.recorder;
    if (!recorder) return Promise.reject(new Error('not recording'));
    this.recorder = null;
    return recorder.stop(pressedAtMs);
  }

  /** The video jumped (seek, loop): start the pose filter afresh instead of gliding over. */
  resetPose(): void {
    this.facePose.reset();
    this.tracking.reset();
  }

  reset(): void {
    clearTimeout(this.stillTimer);
    this.lastFrame?.close();
    this.lastFrame = null;
    this.facePose.clear();
    this.tracking.reset();
    this.meter.restartWatch();
    this.publish(true);
  }

  dispose(): void {
    clearTimeout(this.stillTimer);
    this.recorder?.cancel();
    this.recorder = null;
    this.lastFrame?.close();
    this.lastFrame = null;
    this.tracking.close();
    this.scene.dispose();
  }
}
