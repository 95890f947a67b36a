import * as Comlink from 'comlink';
import type { GlassesReport } from '../../src/shared/glasses-types';
import type {
  ContextEvent,
  Delegate,
  FrameDrawn,
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
import { HeldFrames, type HeldFrame } from './held-frames';
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
import { SceneCuts } from './scene-cuts';
import { workerStats } from './pipeline-stats';

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
  private readonly cuts: SceneCuts;
  /** A file's frames waiting for their poses (held-frames.ts). */
  private readonly held: HeldFrames;
  /** Frames drawn since the last answer (FrameResult.drawn), and the last one's drawing time. */
  private readonly drawnSince: FrameDrawn[] = [];
  private lastRenderMs = 0;
  /** Whether the last frame came from a file and was held (the stats' holdMs). */
  private holding = false;
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
    this.cuts = new SceneCuts(scene);
    this.kept = new KeptPicture(
      scene,
      tracking,
      this.clock,
      frames,
      (timeMs) => facePose.poseAt(timeMs),
      () => this.held.waiting,
      () => this.publish(true),
      () => this.meter.countTracked(this.facePose.face),
    );
    this.tryAll = new TryAll(scene, this.kept, facePose, frames);
    this.recording = new Recording(scene.gl, this.kept);
    // 摘掉我的眼镜's verdict comes after its picture was drawn: a still picture sends no more.
    scene.ownGlasses.onVerdict = () => this.publish(true);
    this.held = new HeldFrames(
      frames,
      (timeMs) => facePose.knowsPoseAt(timeMs),
      () => tracking.detecting,
      (held) => {
        if (this.cuts.check(held.frame)) this.cutBefore(held.timeMs);
        tracking.poseHeld(held.timeMs);
        this.draw(held);
        this.publish(false);
      },
    );
    tracking.onResult = () => this.held.resulted();
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
   * timestamp); frames are tracked when the scheduler says so. A file's frame, with a tracking
   * worker, is held until the pose at it is known (held-frames.ts). Closes the frame.
   */
  processFrame(frame: VideoFrame, options: FrameOptions): FrameResult {
    this.frames.took();
    const holds = options.file && !this.tracking.sync;
    this.holding = holds;
    let owned = true;
    try {
      const { sync } = this.tracking;
      // Tracking here measures the face against the drawing size (face-pose.ts): sized first.
      if (sync) this.fitVideo(frame);
      const timeMs = this.clock.next(frame.timestamp / 1000);
      // A held frame is checked when it is drawn: its picture is on the GPU then anyway.
      if (options.file && !holds && this.cuts.check(frame)) this.restartPose();
      const { freshPose, detectMs } = this.tracking.frame(frame, timeMs, options.mirror, holds);
      // A tracking worker's result comes in a later task: the frame goes there before a new size
      // reallocates the drawing buffers, which a start's first frame waits for (workers/README.md,
      // "Every frame drawn, tracked beside").
      if (!sync) this.fitVideo(frame);
      const { mirror } = options;
      if (holds) {
        owned = false;
        this.held.push({ frame, timeMs, mirror, detectMs });
      } else this.draw({ frame, timeMs, mirror, detectMs }, freshPose && this.tracking.sync);
      const { face } = this.facePose;
      // A face found or lost is told at once (the page's hint, a restart's first tracked face).
      this.publish(face !== this.statsFace);
      const drawn = this.drawnSince.splice(0);
      const last = drawn.at(-1);
      return {
        face,
        freshPose,
        detectMs: detectMs ?? 0,
        renderMs: last ? this.lastRenderMs : 0,
        poseFromMs: last?.poseFromMs ?? null,
        drawn,
      };
    } finally {
      if (owned) this.frames.close(frame);
    }
  }

  private fitVideo(frame: VideoFrame): void {
    if (this.fit.fitVideo(frame.displayWidth, frame.displayHeight)) this.recording.sizeChanged();
  }

  /** Draws one frame (borrowed) with the pose the scene holds; records, keeps, counts it. */
  private draw(held: HeldFrame, ownPose = false): void {
    const { frame, timeMs, mirror } = held;
    const t1 = performance.now();
    this.scene.setMirror(mirror);
    const { width, height } = this.fit.videoSize;
    if (__TEST_HOOKS__) this.steadiness?.observeScene(this.scene, width, height);
    this.scene.render(frame);
    this.recording.addFrame(this.scene.canvas, timeMs * 1000, width, height);
    this.lastRenderMs = performance.now() - t1;
    // On a tracking worker, no drawn frame has its own pose yet (its result comes later).
    this.kept.keep(frame, timeMs, ownPose, mirror);
    const capturedAtMs = frame.timestamp / 1000;
    const face = this.facePose.face;
    this.meter.record({ detectMs: held.detectMs, renderMs: this.lastRenderMs, capturedAtMs, face });
    this.drawnSince.push({ capturedAtMs, poseFromMs: this.facePose.poseFromMs });
  }

  /** A PNG of the kept picture with its own pose (photo); see kept-picture.ts. */
  capture(scale: number, glasses = true): Promise<Blob> {
    this.showHeld();
    return this.kept.capture(scale, glasses);
  }

  /**
   * A file's first frames are held while the first pose is sought (held-frames.ts): a photo or
   * 全部试戴 asked for then takes the newest of them, drawn now, rather than find no picture.
   */
  private showHeld(): void {
    if (!this.kept.hasPicture) this.held.flush();
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
    const { meter, facePose, quality, frames, cuts, held, holding, audit, steadiness } = this;
    const { delegate } = this.tracking;
    this.onStats(
      workerStats({
        meter,
        facePose,
        delegate,
        quality,
        frames,
        cuts,
        held,
        holding,
        audit,
        steadiness,
        ownGlasses: this.scene.ownGlasses,
      }),
    );
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
    this.showHeld();
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

  /** Whether the wearer's own thin frame is taken off the picture (render/own-glasses.ts). */
  takeOffOwnGlasses(on: boolean): void {
    // Every new engine is told the toggle's state: a kept picture is drawn again only for a change.
    if (this.scene.ownGlasses.on === on) return;
    this.scene.ownGlasses.on = on;
    // The page hears 'reading' or 'off' before any verdict on this turn (own-glasses-control.tsx).
    this.publish(true);
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

  /**
   * The pictures before the press are drawn first: a file's held frames up to it, or, where frames
   * are drawn as they come, those in flight when the press came (recording.ts).
   */
  stopRecording(pressedAtMs: number): Promise<RecordingResult> {
    const heldDrawn = this.holding ? this.held.drawnThrough(pressedAtMs) : undefined;
    return this.recording.stop(pressedAtMs, heldDrawn);
  }

  /**
   * A cut seen as a held frame at `timeMs` is drawn: the results for frames after it are already
   * in and stay; the poses from before it go, the filter starts afresh, the next frame is tracked.
   */
  private cutBefore(timeMs: number): void {
    this.facePose.cutAt(timeMs);
    this.scene.resetHead();
    this.tracking.trackNext();
    this.held.restarted();
  }

  /** The video jumped (seek, loop): start the pose filter afresh instead of gliding over. */
  resetPose(): void {
    this.held.flush();
    this.held.restarted();
    this.cuts.jumped();
    this.restartPose();
  }

  private restartPose(): void {
    this.facePose.reset();
    this.scene.resetHead();
    this.tracking.reset();
  }

  reset(): void {
    this.held.drop();
    this.drawnSince.length = 0;
    this.cuts.clear();
    this.tryAll.end();
    this.kept.clear();
    this.facePose.clear();
    this.scene.resetHead();
    this.tracking.reset();
    this.meter.restartWatch();
    this.publish(true);
  }

  dispose(): void {
    this.held.drop();
    this.recording.cancel();
    this.tryAll.end();
    this.kept.clear();
    this.tracking.close();
    this.scene.dispose();
  }
}
