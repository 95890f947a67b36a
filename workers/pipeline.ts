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
import { bitmapPixels, prefilterEquirect } from './env-prefilter';
import { FacePose } from './face-pose';
import { loadGlasses, loadOccluder } from './glasses-loader';
import { applyLensQuality, measureLensQuality } from './lens-quality';
import { Recorder } from './recorder';
import { disposeTree, TryOnScene } from './scene';
import { PipelineMeter } from './stats';

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
  private glassesTicket = 0;

  private constructor(
    private readonly scene: TryOnScene,
    private readonly picker: DelegatePicker,
    private readonly onStats: (stats: WorkerStats) => void,
  ) {
    this.facePose = new FacePose(scene);
    this.fit = new CanvasFit(scene);
  }

  static async create(
    init: EngineInit,
    onStats: (stats: WorkerStats) => void,
    onError: (code: ContextEvent, message: string) => void,
  ): Promise<TryOnPipeline> {
    const canvas = init.canvas;
    if (!canvas) throw new Error('no canvas to draw into');
    const scene = new TryOnScene(canvas, init.width, init.height, init.pixelRatio);
    canvas.addEventListener('webglcontextlost', () => onError('webgl-lost', 'context lost'));
    canvas.addEventListener('webglcontextrestored', () => onError('webgl-restored', ''));
    const source = {
      modelBytes: new Uint8Array(init.modelBytes),
      wasmLoaderUrl: init.wasmLoaderUrl,
      wasmBinaryUrl: init.wasmBinaryUrl,
    };
    let pipeline: TryOnPipeline | null = null;
    const picker = await DelegatePicker.start(
      source,
      () => pipeline?.publish(true),
      init.forceDelegate,
    );
    pipeline = new TryOnPipeline(scene, picker, onStats);
    pipeline.quality = init.lensQuality ?? measureLensQuality(scene);
    return pipeline;
  }

  processFrame(frame: VideoFrame, options: FrameOptions): FrameResult {
    this.received++;
    try {
      this.fit.fitVideo(frame.displayWidth, frame.displayHeight);
      // Timestamps must rise strictly even when a looping file rewinds.
      const timestampMs = Math.max(frame.timestamp / 1000, this.lastTimestamp + 1);
      this.lastTimestamp = timestampMs;
      this.mirror = options.mirror;
      const t0 = performance.now();
      const result = this.picker.detect(frame, timestampMs);
      const t1 = performance.now();
      this.facePose.apply(result, t1, options.mirror);
      this.scene.setMirror(options.mirror);
      this.scene.render(frame);
      this.recorder?.addFrame(this.scene.canvas, timestampMs * 1000);
      const t2 = performance.now();
      this.keep(frame);
      const { face } = this.facePose;
      this.meter.record(t1 - t0, t2 - t1, frame.timestamp / 1000, face);
      this.publish(false);
      return { face, detectMs: t1 - t0, renderMs: t2 - t1 };
    } finally {
      frame.close();
      this.closed++;
    }
  }

  /** Eye centres of the picture kept for photos (empty when it had no face). */
  get eyesInLastFrame(): number[] {
    return this.facePose.eyes;
  }

  private keep(frame: VideoFrame): void {
    this.lastFrame?.close();
    this.lastFrame = frame.clone();
  }

  /**
   * Renders the last picture at `scale` times the video size into a PNG, mirrored like the
   * preview. With `glasses: false` the same picture is rendered without them (tests compare both).
   */
  capture(scale: number, glasses = true): Promise<Blob> {
    const frame = this.lastFrame;
    if (!frame) return Promise.reject(new Error('no picture yet'));
    const { width, height } = this.scene.size;
    const target = this.scene.currentGlasses;
    if (target) target.visible = glasses;
    // Everything up to convertToBlob happens in this task, so no frame can slip in between.
    try {
      this.scene.resize(frame.displayWidth * scale, frame.displayHeight * scale);
      this.scene.setMirror(this.mirror);
      this.scene.render(frame);
      return this.scene.toPng();
    } finally {
      if (target) target.visible = true;
      this.scene.resize(width, height);
      this.scene.render(frame);
    }
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
    });
  }

  /**
   * Parses and fits the model; the glasses on the face change only once it has loaded, and only
   * if no later call (another model, or clearing) came in meanwhile: the newest request wins.
   */
  async setGlasses(input: GlassesInput): Promise<GlassesReport> {
    const ticket = ++this.glassesTicket;
    const { object, report } = await loadGlasses(input.glb, {
      materials: input.materials,
      offsets: input.offsets,
      fit: input.fit,
      renderer: this.scene.renderer,
    });
    if (ticket !== this.glassesTicket) {
      disposeTree(object);
      return report;
    }
    if (this.quality !== 'pending') applyLensQuality(object, this.quality);
    this.scene.setGlasses(object);
    return report;
  }

  clearGlasses(): void {
    this.glassesTicket++;
    this.scene.setGlasses(null);
  }

  async setOccluder(glb: ArrayBuffer): Promise<void> {
    this.scene.addOccluder(await loadOccluder(glb));
  }

  /**
   * Where the lens probe found a slow GPU, the environment is prefiltered on the CPU (~3 s of
   * software-GL work saved at every start, see env-prefilter.ts); elsewhere three.js does it.
   */
  async setEnvironment(image: Blob): Promise<void> {
    const onCpu = this.quality === 'fast';
    // three uploads an ImageBitmap as it is, so its texture needs the flip; the CPU reads rows.
    const bitmap = await createImageBitmap(image, onCpu ? {} : { imageOrientation: 'flipY' });
    try {
      if (onCpu) this.scene.setPrefilteredEnvironment(prefilterEquirect(bitmapPixels(bitmap)));
      else this.scene.setEnvironment(bitmap);
    } finally {
      bitmap.close();
    }
  }

  /** Records the rendered pictures at `scale` × the video size (see recorder.ts). */
  async startRecording(scale: number): Promise<RecordingStart> {
    if (this.recorder) return { ok: true, ...this.recorder.info };
    const { width, height } = this.fit.videoSize;
    const started = await Recorder.start(width, height, scale);
    if (typeof started === 'string') return { ok: false, reason: started };
    this.recorder = started;
    return { ok: true, ...started.info };
  }

  stopRecording(): Promise<RecordingResult> {
    const recorder = this.recorder;
    if (!recorder) return Promise.reject(new Error('not recording'));
    this.recorder = null;
    return recorder.stop();
  }

  /** The video jumped (seek, loop): start the pose filter afresh instead of gliding over. */
  resetPose(): void {
    this.facePose.reset();
  }

  reset(): void {
    this.lastFrame?.close();
    this.lastFrame = null;
    this.facePose.clear();
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
