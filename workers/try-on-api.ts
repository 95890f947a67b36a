import * as Comlink from 'comlink';
import type {
  CapturePair,
  ContextEvent,
  EngineInit,
  EngineVerdicts,
  FrameOptions,
  FrameResult,
  GlassesInput,
  LensLook,
  RecordingResult,
  RecordingStart,
  TryAllImage,
  TryAllStart,
  WorkerStats,
} from '../src/shared/try-on-types';
import type { GlassesReport } from '../src/shared/glasses-types';
import { holdAliveLock } from '../src/shared/alive-lock';
import { setDecoderBase } from './assets/decoder-files';
import { installFetchGuard } from './assets/fetch-guard';
import { capturePair } from './pipeline/capture-pair';
import { TryOnPipeline } from './pipeline/pipeline';

type StatsListener = (stats: WorkerStats) => void;
type ErrorListener = (code: ContextEvent, message: string) => void;
type VerdictListener = (verdicts: EngineVerdicts) => void;

let pipeline: TryOnPipeline | null = null;
let canvas: OffscreenCanvas | null = null;

function need(): TryOnPipeline {
  if (!pipeline) throw new Error('engine not initialised');
  return pipeline;
}

/**
 * The try-on engine's whole surface, the same in the worker (try-on.worker.ts) and in the page
 * fallback (src/engine/page-engine.ts); the main thread's type is derived from it.
 */
export const api = {
  /** Holds the lock named `name` for the worker's life: the page learns of its death by it. */
  alive(name: string): Promise<boolean> {
    return holdAliveLock(name);
  },
  /** `onVerdicts` hears the delegate and lens verdicts as they are decided (the page keeps them). */
  async init(
    init: EngineInit,
    onStats: StatsListener,
    onError: ErrorListener,
    onVerdicts: VerdictListener,
  ): Promise<void> {
    canvas = init.canvas ?? null;
    setDecoderBase(init.assetBase);
    installFetchGuard(init.allowedOrigins);
    pipeline = await TryOnPipeline.create(init, onStats, onError, onVerdicts);
  },
  processFrame(frame: VideoFrame, options: FrameOptions): FrameResult {
    if (!pipeline) {
      frame.close();
      throw new Error('engine not initialised');
    }
    return pipeline.processFrame(frame, options);
  },
  async setGlasses(input: GlassesInput): Promise<GlassesReport> {
    return need().setGlasses(input);
  },
  clearGlasses(): void {
    need().clearGlasses();
  },
  /** The page stopped waiting for the newest load: when it ends it is dropped, not worn. */
  abandonGlasses(): void {
    need().abandonGlasses();
  },
  /** Before/after: hides the worn glasses while the user holds the preview. */
  showGlasses(shown: boolean): void {
    need().showGlasses(shown);
  },
  /** How the lenses look: the eyes behind them (power), tint, coating; issue 39. */
  setLensLook(look: LensLook): void {
    need().setLensLook(look);
  },
  async setOccluder(glb: ArrayBuffer): Promise<void> {
    await need().setOccluder(glb);
  },
  /**
   * The studio environment; `stored` is the prefiltered cube kept from an earlier start. Returns
   * a newly computed cube's bytes (transferred) for the page to keep, else null.
   */
  async setEnvironment(image: Blob, stored: ArrayBuffer | null): Promise<ArrayBuffer | null> {
    const fresh = await need().setEnvironment(image, stored);
    return fresh && Comlink.transfer(fresh, [fresh]);
  },
  /** A PNG of the composed picture at `scale` × the video size (photo). */
  capture(scale: number, glasses = true): Promise<Blob> {
    return need().capture(scale, glasses);
  },
  resize(width: number, height: number): void {
    need().resize(width, height);
  },
  /**
   * Starts recording the composed picture at `scale` × the video size (WebCodecs + mediabunny);
   * the file starts at `pressedAtMs` (epoch ms, the frames' clock).
   */
  startRecording(scale: number, pressedAtMs: number): Promise<RecordingStart> {
    return need().startRecording(scale, pressedAtMs);
  },
  /** Finishes the recording at `pressedAtMs`; the file comes back as a Blob. */
  stopRecording(pressedAtMs: number): Promise<RecordingResult> {
    return need().stopRecording(pressedAtMs);
  },
  /**
   * 全部试戴 (pipeline/try-all.ts): keeps the picture shown now, tracked as itself, and returns
   * it bare, cropped about the eyes; null when it shows no face.
   */
  tryAllBegin(): Promise<TryAllStart | null> {
    return need().tryAll.begin();
  },
  /** The kept picture wearing `input`, at the same crop; the worn glasses stay on. */
  async tryAllRender(input: GlassesInput): Promise<TryAllImage> {
    return need().tryAllRender(input);
  },
  tryAllEnd(): void {
    pipeline?.tryAll.end();
  },
  /** The video jumped (seek or loop). */
  resetPose(): void {
    pipeline?.resetPose();
  },
  /** Releases the video-dependent state (camera off) but keeps the tracker warm. */
  reset(): void {
    pipeline?.reset();
  },
  dispose(): void {
    pipeline?.dispose();
    pipeline = null;
  },
};

export type TryOnApi = typeof api;

/**
 * What only the tests and the bench reach (`window.__tryOn`), exposed beside `api` in their
 * builds (__TEST_HOOKS__) and absent from a production build.
 */
export const testHooks = {
  /**
   * The same picture with and without glasses, and its eye centres; `averageSize` draws the
   * glasses at the average face's size instead of this face's.
   */
  capturePair(scale: number, averageSize = false): Promise<CapturePair> {
    const { kept, scene, facePose } = need();
    return capturePair(kept, scene, facePose, scale, averageSize);
  },
  /** Loses the drawing's WebGL context through the real extension, as a GPU reset would. */
  loseContext(): void {
    canvas?.getContext('webgl2')?.getExtension('WEBGL_lose_context')?.loseContext();
  },
};

export type TestHooks = typeof testHooks;

/** The API a worker or the page engine serves: with the test hooks in their builds only. */
export const served = (): TryOnApi => (__TEST_HOOKS__ ? { ...api, ...testHooks } : api);
