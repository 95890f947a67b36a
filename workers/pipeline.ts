import type { GlassesReport } from '../src/shared/glasses-types';
import type {
  ContextEvent,
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
import { DelegatePicker } from './delegate-picker';
import { FacePose } from './face-pose';
import { loadOccluder } from './glasses-loader';
import { measureLensQuality } from './lens-quality';
import { Recorder } from './recorder';
import { TryOnScene } from './scene';
import { capturePng, GlassesSlot, loadEnvironment } from './scene-content';
import { probeSoftwareGl } from './software-gl';
import { PipelineMeter } from './stats';
import { TrackAudit } from './track-audit';
import { TrackScheduler } from './track-scheduler';

const STATS_INTERVAL_MS = 250;

/** Tracks each frame, poses the glasses, renders the picture and closes the frame. */
export class TryOnPipeline {
  private readonly meter = new PipelineMeter();
  private readonly facePose: FacePose;
  private readonly fit: CanvasFit;
  private lastTimestamp = -Infinity;
  private lastStats = 0;
  private quality: LensQuality | 'pending' = 'pending';
  private mirror = false;
  /** The last picture, kept (as a clone) for photos; replaced and closed on every frame. */
  private lastFrame: VideoFrame | null = null;
  private received = 0;
  private closed = 0;
  private recorder: Recorder | null = null;
  private readonly glasses: GlassesSlot;
  private readonly audit: TrackAudit | null;
  /** Whether the kept picture was tracked (or only drawn with a predicted pose). */
  private lastTracked = false;

  private constructor(
    private readonly scene: TryOnScene,
    private readonly picker: DelegatePicker,
    private readonly scheduler: TrackScheduler,
    private readonly onStats: (stats: WorkerStats) => void,
  ) {
    this.facePose = new FacePose(scene);
    this.fit = new CanvasFit(scene);
    this.glasses = new GlassesSlot(scene);
    this.audit = scheduler.mode === 'audit' ? new TrackAudit() : null;
  }

  static async create(
    init: EngineInit,
    onStats: (stats: WorkerStats) => void,
    onError: (code: ContextEvent, message: string) => void,
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
    const force = init.forceDelegate ?? (software ? 'CPU' : undefined);
    const picker = await DelegatePicker.start(source, () => pipeline?.publish(true), force);
    pipeline = new TryOnPipeline(scene, picker, new TrackScheduler(init.trackMode), onStats);
    pipeline.quality = init.lensQuality ?? measureLensQuality(scene);
    return pipeline;
  }

  /**
   * Draws every frame: tracked when the scheduler says so (the face moves, or ~10 Hz when still),
   * otherwise with the pose predicted to the frame's own timestamp. Closes the frame.
   */
  processFrame(frame: VideoFrame, options: FrameOptions): FrameResult {
    this.received++;
    try {
      this.fit.fitVideo(frame.displayWidth, frame.displayHeight);
      // Timestamps must rise strictly even when a looping file rewinds.
      const timestampMs = Math.max(frame.timestamp / 1000, this.lastTimestamp + 1);
      this.lastTimestamp = timestampMs;
      this.mirror = options.mirror;
      const t0 = performance.now();
      const tracked = this.scheduler.due(timestampMs, this.facePose.motion);
      if (this.audit) this.auditFrame(this.audit, frame, timestampMs, tracked);
      else if (tracked) this.track(frame, timestampMs);
      else this.facePose.predict(timestampMs);
      const t1 = performance.now();
      this.scene.setMirror(options.mirror);
      this.scene.render(frame);
      this.recorder?.addFrame(this.scene.canvas, timestampMs * 1000);
      const t2 = performance.now();
      this.keep(frame, tracked);
      const { face } = this.facePose;
      const detectMs = tracked ? t1 - t0 : null;
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

  /** `?track=audit`: tracks every frame for the reference, poses the picture as adaptive would. */
  private auditFrame(audit: TrackAudit, frame: VideoFrame, timestampMs: number, due: boolean) {
    const start = performance.now();
    const result = this.picker.detect(frame, timestampMs);
    audit.track(result, timestampMs);
    if (due) {
      this.facePose.apply(result, timestampMs, this.mirror);
      this.scheduler.tracked(timestampMs, performance.now() - start);
    } else this.facePose.predict(timestampMs);
    const { anchor, camera } = this.scene;
    const { width, height } = this.scene.size;
    audit.compare(anchor.visible ? anchor.matrix : null, camera, width, height);
  }

  private track(frame: VideoFrame, timestampMs: number): void {
    const start = performance.now();
    const result = this.picker.detect(frame, timestampMs);
    this.facePose.apply(result, timestampMs, this.mirror);
    this.scheduler.tracked(timestampMs, performance.now() - start);
  }

  /**
   * Draws the kept picture again at once, so a change shows even when no new frame comes (a
   * paused video; Firefox sends none while a video stands still). A picture whose pose was only
   * predicted is tracked first, so photos and pauses get the pose of that very picture.
   */
  redraw(): void {
    const frame = this.lastFrame;
    if (!frame) return;
    this.trackKept();
    this.scene.setMirror(this.mirror);
    this.scene.render(frame);
    this.publish(true);
  }

  /** Eye centres of the picture kept for photos (empty when it had no face). */
  get eyesInLastFrame(): number[] {
    return this.facePose.eyes;
  }

  /** Tracks the kept picture if it was only drawn with a predicted pose. */
  trackKept(): void {
    if (!this.lastFrame || this.lastTracked) return;
    this.lastTimestamp += 1;
    this.track(this.lastFrame, this.lastTimestamp);
    this.lastTracked = true;
  }

  private keep(frame: VideoFrame, tracked: boolean): void {
    this.lastFrame?.close();
    this.lastFrame = frame.clone();
    this.lastTracked = tracked;
  }

  /**
   * Renders the last picture at `scale` times the video size into a PNG, mirrored like the
   * preview. With `glasses: false` the same picture is rendered without them (tests compare both).
   */
  capture(scale: number, glasses = true): Promise<Blob> {
    const frame = this.lastFrame;
    if (!frame) return Promise.reject(new Error('no picture yet'));
    this.trackKept();
    return capturePng(this.scene, frame, { scale, glasses, mirror: this.mirror });
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
      delegate: this.picker.delegate,
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
    this.scheduler.reset();
  }

  reset(): void {
    this.lastFrame?.close();
    this.lastFrame = null;
    this.facePose.clear();
    this.scheduler.reset();
    this.meter.restartWatch();
    this.publish(true);
  }

  dispose(): void {
    this.recorder?.cancel();
    this.recorder = null;
    this.lastFrame?.close();
    this.lastFrame = null;
    this.picker.close();
    this.scene.dispose();
  }
}
