import * as Comlink from 'comlink';
import type { GlassesReport } from '../../src/shared/glasses-types';
import type {
  ContextEvent,
  Delegate,
  EngineVerdicts,
  EngineInit,
  FrameOptions,
  FrameResult,
  GlassesInput,
  LensQuality,
  RecordingResult,
  LensLook,
  RecordingStart,
  TryAllImage,
  TryAllStart,
  WorkerStats,
} from '../../src/shared/try-on-types';
import { CanvasFit } from '../render/canvas-fit';
import type { FacePose } from '../tracking/face-pose';
import type { Tracking } from '../tracking/frame-tracking';
import { loadOccluder } from '../assets/glasses-loader';
import { KeptPicture } from './kept-picture';
import { TryAll } from './try-all';
import { chooseLensQuality } from '../render/lens-quality';
import { Recording } from './recording';
import type { FrameLedger } from '../common/frame-ledger';
import { RisingClock } from '../common/rising-clock';
import type { TryOnScene } from '../render/scene';
import { GlassesSlot, loadEnvironment } from '../render/scene-content';
import { PipelineMeter } from '../common/stats';
import { buildPipelineParts } from './pipeline-parts';
import type { TrackAudit } from '../diagnostics/track-audit';
import { Steadiness } from '../diagnostics/steadiness';
import { CutDetector } from '../tracking/cut-detector';
import { THUMB_HEIGHT, THUMB_WIDTH } from '../render/frame-thumbnail';

const STATS_INTERVAL_MS = 250;

/** Poses the glasses on each frame (frame-tracking.ts), renders the picture and closes the frame. */
export class TryOnPipeline {
  private readonly meter = new PipelineMeter();
  private readonly fit: CanvasFit;
  private readonly clock = new RisingClock();
  private lastStats = 0;
  /** Whether the figures last sent had a face. */
  private statsFace = false;
  private quality: LensQuality | 'pending' = 'pending';
  readonly kept: KeptPicture;
  /** 全部试戴's kept picture and its drawing with each frame (try-all.ts). */
  readonly tryAll: TryAll;
  private readonly recording: Recording;
  private readonly glasses: GlassesSlot;
  private readonly cuts = new CutDetector();
  private cutCount = 0;
  private readonly thumb = new Float32Array(THUMB_WIDTH * THUMB_HEIGHT);
  /** Tests' and bench's builds: how far the drawn bridge moves between frames (diagnostics/steadiness.ts). */
  private readonly steadiness = __TEST_HOOKS__ ? new Steadiness() : null;

  private constructor(
    readonly scene: TryOnScene,
    readonly facePose: FacePose,
    private readonly tracking: Tracking,
    private readonly audit: TrackAudit | null,
    private readonly frames: FrameLedger,
    private readonly onStats: (stats: WorkerStats) => void,
    warmUp: boolean,
  ) {
    this.fit = new CanvasFit(scene);
    frames.onEmpty = () => this.publish(true);
    this.glasses = new GlassesSlot(scene);
    this.kept = new KeptPicture(
      scene,
      tracking,
      this.clock,
      frames,
      () => this.publish(true),
      () => this.meter.countTracked(this.facePose.face),
    );
    this.tryAll = new TryAll(scene, this.kept, facePose, frames);
    this.recording = new Recording(scene.gl, this.kept);
    // At the clock's first timestamp (0): every frame's capture time comes after it.
    if (warmUp) tracking.warmUp(() => this.clock.next(0));
  }

  static async create(
    init: EngineInit,
    onStats: (stats: WorkerStats) => void,
    onError: (code: ContextEvent, message: string) => void,
    onVerdicts: (verdicts: EngineVerdicts) => void = () => {},
  ): Promise<TryOnPipeline> {
    const canvas = init.canvas;
    if (!canvas) throw new Error('no canvas to draw into');
    let pipeline: TryOnPipeline | null = null;
    const decided = (delegate: Delegate) => {
      onVerdicts({ delegate });
      pipeline?.publish(true);
    };
    const { scene, facePose, tracking, audit, frames } = await buildPipelineParts(
      init,
      canvas,
      decided,
    );
    canvas.addEventListener('webglcontextlost', () => onError('webgl-lost', 'context lost'));
    pipeline = new TryOnPipeline(scene, facePose, tracking, audit, frames, onStats, !init.restart);
    // On software GL the answer is known (fast); a remembered one may come from other hardware.
    const remembered = scene.softwareGl ? undefined : init.lensQuality;
    pipeline.quality = remembered ?? chooseLensQuality(scene);
    onVerdicts({ quality: pipeline.quality });
    return pipeline;
  }

  /**
   * Draws every frame with the pose tracking gives it (its own, or the last one predicted to its
   * timestamp); frames are tracked when the scheduler says so. Closes the frame.
   */
  processFrame(frame: VideoFrame, options: FrameOptions): FrameResult {
    this.frames.took();
    try {
      if (this.fit.fitVideo(frame.displayWidth, frame.displayHeight)) {
        this.recording.sizeChanged();
      }
      const timestampMs = this.clock.next(frame.timestamp / 1000);
      if (options.file) this.checkForCut(frame);
      const { freshPose, detectMs } = this.tracking.frame(frame, timestampMs, options.mirror);
      const t1 = performance.now();
      this.scene.setMirror(options.mirror);
      const { width, height } = this.fit.videoSize;
      if (__TEST_HOOKS__) this.steadiness?.observeScene(this.scene, width, height);
      this.scene.render(frame);
      this.recording.addFrame(this.scene.canvas, timestampMs * 1000, width, height);
      const t2 = performance.now();
      // On a tracking worker, no drawn frame has its own pose yet (its result comes later).
      this.kept.keep(frame, freshPose && this.tracking.sync, options.mirror);
      const { face } = this.facePose;
      this.meter.record({
        detectMs,
        renderMs: t2 - t1,
        capturedAtMs: frame.timestamp / 1000,
        face,
      });
      // A face found or lost is told at once (the page's hint, a restart's first tracked face).
      this.publish(face !== this.statsFace);
      const poseFromMs = this.facePose.poseFromMs;
      return { face, freshPose, detectMs: detectMs ?? 0, renderMs: t2 - t1, poseFromMs };
    } finally {
      this.frames.close(frame);
    }
  }

  /** A PNG of the kept picture with its own pose (photo); see kept-picture.ts. */
  capture(scale: number, glasses = true): Promise<Blob> {
    return this.kept.capture(scale, glasses);
  }

  /**
   * A new drawing buffer is blank: the kept picture is drawn again into it, or a still source (a
   * photo, a paused video) would show nothing until its next frame, which never comes.
   */
  resize(displayWidth: number, displayHeight: number): void {
    if (this.fit.fitDisplay(displayWidth, displayHeight)) this.kept.show();
  }

  publish(force: boolean): void {
    const now = performance.now();
    if (!force && now - this.lastStats < STATS_INTERVAL_MS) return;
    this.lastStats = now;
    this.statsFace = this.facePose.face;
    this.onStats({
      ...this.meter.timings(),
      face: this.facePose.face,
      facesFound: this.facePose.found,
      soughtFaces: this.facePose.soughtFaces,
      delegate: this.tracking.delegate,
      quality: this.quality,
      alignPx: this.facePose.alignPx,
      eyes: this.facePose.eyes,
      measure: this.facePose.measurer.estimate(),
      openFrames: this.frames.open,
      cuts: this.cutCount,
      sceneMatchLow: this.cuts.lowest,
      ...(__TEST_HOOKS__ && this.audit
        ? {
            auditPx: [this.audit.errorPx.p(50), this.audit.errorPx.p(95)],
            auditSmoothedPx: [this.audit.smoothedErrorPx.p(50), this.audit.smoothedErrorPx.p(95)],
          }
        : {}),
      ...(__TEST_HOOKS__ && this.steadiness ? { steadiness: this.steadiness.figures } : {}),
    });
  }

  /** Wears the model once it has loaded (the newest request wins) and shows it at once. */
  async setGlasses(input: GlassesInput): Promise<GlassesReport> {
    const { report, worn } = await this.glasses.set(input, this.quality);
    if (worn) this.kept.redraw();
    return report;
  }

  /**
   * 全部试戴 (try-all.ts): keeps the picture shown now, tracked as itself, and returns it bare,
   * cropped about the eyes; null when it shows no face.
   */
  tryAllBegin(): Promise<TryAllStart | null> {
    return this.tryAll.begin();
  }

  /** The kept picture wearing `input`, at the same crop; the worn glasses stay on. */
  tryAllRender(input: GlassesInput): Promise<TryAllImage> {
    return this.tryAll.render(input, this.quality);
  }

  tryAllEnd(): void {
    this.tryAll.end();
  }

  abandonGlasses(): void {
    this.glasses.abandon();
  }

  clearGlasses(): void {
    this.glasses.clear();
    this.kept.redraw();
  }

  /** How the lenses look: the eyes behind them, their tint and coating (lens/lens-layer.ts). */
  setLensLook(look: LensLook): void {
    this.scene.lensLayer.look = look;
    this.kept.redraw();
  }

  /** Before/after: the picture without the glasses while `shown` is false, redrawn at once. */
  showGlasses(shown: boolean): void {
    this.scene.glassesShown = shown;
    this.kept.redraw();
  }

  async setOccluder(glb: ArrayBuffer): Promise<void> {
    this.scene.addOccluder(await loadOccluder(glb));
  }

  /** The cube's bytes for the page to keep when they were computed now (see loadEnvironment). */
  async setEnvironment(image: Blob, stored: ArrayBuffer | null): Promise<ArrayBuffer | null> {
    const fresh = await loadEnvironment(this.scene, image, this.quality === 'fast', stored);
    return fresh && Comlink.transfer(fresh, [fresh]);
  }

  /** Records the rendered pictures at `scale` × the video size (see recording.ts). */
  startRecording(scale: number, pressedAtMs: number): Promise<RecordingStart> {
    const { width, height } = this.fit.videoSize;
    return this.recording.start(width, height, scale, pressedAtMs);
  }

  stopRecording(pressedAtMs: number): Promise<RecordingResult> {
    return this.recording.stop(pressedAtMs);
  }

  /**
   * A new scene in a file: no frame from here on is drawn with a pose from before it. The thumbnail
   * is read back from the GPU before the frame is drawn, which waits for the drawing still queued
   * there: 43–47 ms a frame on SwiftShader, where the GPU process is never idle (a hardware GPU
   * was not measured). Camera frames, which never cut, skip it.
   */
  private checkForCut(frame: VideoFrame): void {
    this.scene.readThumbnail(frame, this.thumb);
    if (!this.cuts.isCut(this.thumb)) return;
    this.cutCount++;
    this.restartPose();
  }

  /** The video jumped (seek, loop): start the pose filter afresh instead of gliding over. */
  resetPose(): void {
    this.cuts.reset();
    this.restartPose();
  }

  private restartPose(): void {
    this.facePose.reset();
    this.scene.resetHead();
    this.tracking.reset();
  }

  reset(): void {
    this.cuts.reset();
    this.cuts.lowest = 1;
    this.cutCount = 0;
    this.tryAll.end();
    this.kept.clear();
    this.facePose.clear();
    this.scene.resetHead();
    this.tracking.reset();
    this.meter.restartWatch();
    this.publish(true);
  }

  dispose(): void {
    this.recording.cancel();
    this.tryAll.end();
    this.kept.clear();
    this.tracking.close();
    this.scene.dispose();
  }
}
