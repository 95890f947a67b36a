import * as Comlink from 'comlink';
import type { TestHooks, TryOnApi } from '../../workers/try-on.worker';
import type {
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
} from '../shared/try-on-types';
import type { GlassesReport } from '../shared/glasses-types';
import { aliveLockName, watchAlive } from '../shared/alive-lock';
import { DeadlinePassed, withDeadline } from '../shared/deadline';
import { ENGINE_DEADLINES_MS } from '../shared/ui-constants';
import { RENDER_HEIGHT, RENDER_PIXEL_RATIO, RENDER_WIDTH } from '../shared/render-constants';
import type { EnginePath } from './engine-path';
import { importPageEngine } from './page/import-page-engine';

/** Now on the clock frame timestamps use (capture times, epoch ms: see frame-pump.ts). */
const epochMs = () => performance.timeOrigin + performance.now();

export type EngineEvent =
  | { type: 'stats'; stats: WorkerStats }
  | { type: 'verdicts'; verdicts: EngineVerdicts }
  | { type: ContextEvent }
  | { type: 'crashed'; message: string }
  /** A call went unanswered past its deadline (ENGINE_DEADLINES_MS): restarted like a crash. */
  | { type: 'stuck'; message: string };

/** What the page gives an engine's start, besides the canvas and its size (EngineInit). */
export type EngineAssets = Omit<EngineInit, 'canvas' | 'width' | 'height' | 'pixelRatio'>;

/**
 * The one owner of the try-on worker: creates it, hands it the canvas once, forwards frames and
 * commands, reports crashes (an uncaught error, or the worker gone: see alive-lock.ts), and
 * terminates it. A crashed worker cannot give its canvas back, so recovery means a fresh canvas
 * and a fresh engine (see use-try-on.ts).
 */
export class TryOnEngine {
  private readonly worker: Worker | null = null;
  private readonly channel: MessageChannel | null = null;
  private readonly api: Comlink.Remote<TryOnApi>;
  readonly ready: Promise<void>;
  private disposed = false;

  /**
   * `path` 'worker': the canvas goes to the try-on worker. 'page': the same code, loaded as its
   * own chunk, runs on the page behind a MessageChannel, so nothing here or above knows which.
   */
  constructor(
    canvas: HTMLCanvasElement,
    assets: EngineAssets,
    private readonly listener: (event: EngineEvent) => void,
    readonly path: EnginePath = 'worker',
  ) {
    let offscreen: OffscreenCanvas | null = null;
    if (path === 'worker') {
      this.worker = new Worker(new URL('../../workers/try-on.worker.ts', import.meta.url), {
        type: 'module',
        name: 'try-on',
      });
      this.worker.addEventListener('error', (event) => this.crash(event.message || 'worker error'));
      this.worker.addEventListener('messageerror', () => this.crash('message error'));
      this.api = Comlink.wrap<TryOnApi>(this.worker);
      offscreen = canvas.transferControlToOffscreen();
      // Closed, killed or out of memory, a worker sends no event: its lock tells (within ms).
      const alive = aliveLockName('render');
      void this.api
        .alive(alive)
        .then((held) => held && watchAlive(alive, () => this.crash('worker stopped')))
        .catch(() => {});
    } else {
      const channel = new MessageChannel();
      this.channel = channel;
      this.api = Comlink.wrap<TryOnApi>(channel.port1);
      // Messages wait in the port until the page engine has loaded and starts listening.
      void importPageEngine()
        .then(({ hostPageEngine }) => hostPageEngine(canvas, channel.port2))
        .catch((error: unknown) => this.crash(String(error)));
    }
    const init = {
      ...(offscreen ? { canvas: offscreen } : {}),
      width: RENDER_WIDTH,
      height: RENDER_HEIGHT,
      pixelRatio: RENDER_PIXEL_RATIO,
      ...assets,
    };
    this.ready = this.stuckAfter(
      ENGINE_DEADLINES_MS.start,
      this.api.init(
        Comlink.transfer(init, offscreen ? [offscreen, assets.modelBytes] : [assets.modelBytes]),
        Comlink.proxy((stats: WorkerStats) => this.listener({ type: 'stats', stats })),
        Comlink.proxy((code: ContextEvent) => {
          if (!this.disposed) this.listener({ type: code });
        }),
        Comlink.proxy((verdicts: EngineVerdicts) => this.listener({ type: 'verdicts', verdicts })),
      ),
    );
  }

  private crash(message: string, type: 'crashed' | 'stuck' = 'crashed'): void {
    if (this.disposed) return;
    this.listener({ type, message });
  }

  /**
   * The engine's answer, or a DeadlinePassed rejection after `ms`; the engine then counts as
   * stuck and is reported crashed, so the page restarts it (a late answer is ignored).
   */
  private stuckAfter<T>(ms: number, answer: Promise<T>): Promise<T> {
    return withDeadline(answer, ms).catch((error: unknown) => {
      if (error instanceof DeadlinePassed) this.crash(`no answer within ${ms / 1000} s`, 'stuck');
      throw error;
    });
  }

  /** Transfers the frame; if it cannot be posted it is closed here. */
  processFrame(frame: VideoFrame, options: FrameOptions): Promise<FrameResult> {
    try {
      const answer = this.api.processFrame(Comlink.transfer(frame, [frame]), options);
      return this.stuckAfter(ENGINE_DEADLINES_MS.frame, answer);
    } catch (error) {
      frame.close();
      return Promise.reject(error);
    }
  }

  /**
   * Past ENGINE_DEADLINES_MS.wear the load is abandoned (a late one never goes on the face, the
   * glasses worn before stay) and the caller hears DeadlinePassed.
   */
  setGlasses(input: GlassesInput): Promise<GlassesReport> {
    const answer = this.api.setGlasses(Comlink.transfer(input, [input.glb]));
    return withDeadline(answer, ENGINE_DEADLINES_MS.wear).catch((error: unknown) => {
      if (error instanceof DeadlinePassed) void this.command(this.api.abandonGlasses());
      throw error;
    });
  }

  clearGlasses(): Promise<void> {
    return this.command(this.api.clearGlasses());
  }

  /** How the lenses look on the face (src/catalogue/lens-look.ts). */
  setLensLook(look: LensLook): Promise<void> {
    return this.command(this.api.setLensLook(look));
  }

  showGlasses(shown: boolean): Promise<void> {
    return this.command(this.api.showGlasses(shown));
  }

  setOccluder(glb: ArrayBuffer): Promise<void> {
    return withDeadline(
      this.api.setOccluder(Comlink.transfer(glb, [glb])),
      ENGINE_DEADLINES_MS.scene,
    );
  }

  /** `stored`: the cube kept from an earlier start; resolves to a new cube's bytes to keep. */
  setEnvironment(image: Blob, stored: ArrayBuffer | null): Promise<ArrayBuffer | null> {
    const answer = this.api.setEnvironment(image, stored && Comlink.transfer(stored, [stored]));
    return withDeadline(answer, ENGINE_DEADLINES_MS.scene);
  }

  capture(scale: number, glasses = true): Promise<Blob> {
    return withDeadline(this.api.capture(scale, glasses), ENGINE_DEADLINES_MS.capture);
  }

  /** 全部试戴: keeps the picture shown now (null: no face in it); see workers/pipeline/try-all.ts. */
  tryAllBegin(): Promise<TryAllStart | null> {
    return withDeadline(this.api.tryAllBegin(), ENGINE_DEADLINES_MS.capture);
  }

  /** The kept picture wearing `input`; past ENGINE_DEADLINES_MS.wear the caller hears DeadlinePassed. */
  tryAllRender(input: GlassesInput): Promise<TryAllImage> {
    const answer = this.api.tryAllRender(Comlink.transfer(input, [input.glb]));
    return withDeadline(answer, ENGINE_DEADLINES_MS.wear);
  }

  tryAllEnd(): Promise<void> {
    return this.command(this.api.tryAllEnd());
  }

  /**
   * The file lasts from its first picture after the press to the stop press: both presses' times
   * go with the calls, on the frames' clock.
   */
  startRecording(scale: number): Promise<RecordingStart> {
    return this.command<RecordingStart>(this.api.startRecording(scale, epochMs()));
  }

  stopRecording(): Promise<RecordingResult> {
    return withDeadline(this.api.stopRecording(epochMs()), ENGINE_DEADLINES_MS.finishRecording);
  }

  resetPose(): Promise<void> {
    return this.command(this.api.resetPose());
  }

  resize(width: number, height: number): Promise<void> {
    return this.command(this.api.resize(width, height));
  }

  reset(): Promise<void> {
    return this.command(this.api.reset());
  }

  private command<T>(answer: Promise<T>): Promise<T> {
    return this.stuckAfter(ENGINE_DEADLINES_MS.command, answer);
  }

  /** The test hooks: served only by a tests' or bench's build (__TEST_HOOKS__). */
  get testHooks(): Comlink.Remote<TestHooks> {
    return this.api as unknown as Comlink.Remote<TestHooks>;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    void this.api.dispose().catch(() => {});
    // Give the engine a moment to release GPU resources, then stop it for good.
    setTimeout(() => {
      this.api[Comlink.releaseProxy]();
      this.worker?.terminate();
      this.channel?.port1.close();
      this.channel?.port2.close();
    }, 100);
  }
}
