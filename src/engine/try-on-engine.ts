import * as Comlink from 'comlink';
import type { TryOnApi } from '../../workers/try-on.worker';
import type {
  CapturePair,
  ContextEvent,
  EngineInit,
  EngineVerdicts,
  FrameResult,
  GlassesInput,
  RecordingResult,
  RecordingStart,
  WorkerStats,
} from '../shared/try-on-types';
import type { GlassesReport } from '../shared/glasses-types';
import { aliveLockName, watchAlive } from '../shared/alive-lock';
import { RENDER_HEIGHT, RENDER_PIXEL_RATIO, RENDER_WIDTH } from '../shared/render-constants';
import type { EnginePath } from './engine-path';

/** Now on the clock frame timestamps use (capture times, epoch ms: see frame-pump.ts). */
const epochMs = () => performance.timeOrigin + performance.now();

export type EngineEvent =
  | { type: 'stats'; stats: WorkerStats }
  | { type: 'verdicts'; verdicts: EngineVerdicts }
  | { type: ContextEvent }
  | { type: 'crashed'; message: string };

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
        .then(() => watchAlive(alive, () => this.crash('worker stopped')))
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
    this.ready = this.api.init(
      Comlink.transfer(init, offscreen ? [offscreen, assets.modelBytes] : [assets.modelBytes]),
      Comlink.proxy((stats: WorkerStats) => this.listener({ type: 'stats', stats })),
      Comlink.proxy((code: ContextEvent) => {
        if (!this.disposed) this.listener({ type: code });
      }),
      Comlink.proxy((verdicts: EngineVerdicts) => this.listener({ type: 'verdicts', verdicts })),
    );
  }

  private crash(message: string): void {
    if (this.disposed) return;
    this.listener({ type: 'crashed', message });
  }

  /** Transfers the frame; if it cannot be posted it is closed here. */
  processFrame(frame: VideoFrame, mirror: boolean): Promise<FrameResult> {
    try {
      return this.api.processFrame(Comlink.transfer(frame, [frame]), { mirror });
    } catch (error) {
      frame.close();
      return Promise.reject(error);
    }
  }

  setGlasses(input: GlassesInput): Promise<GlassesReport> {
    return this.api.setGlasses(Comlink.transfer(input, [input.glb]));
  }

  clearGlasses(): Promise<void> {
    return this.api.clearGlasses();
  }

  showGlasses(shown: boolean): Promise<void> {
    return this.api.showGlasses(shown);
  }

  setOccluder(glb: ArrayBuffer): Promise<void> {
    return this.api.setOccluder(Comlink.transfer(glb, [glb]));
  }

  /** `stored`: the cube kept from an earlier start; resolves to a new cube's bytes to keep. */
  setEnvironment(image: Blob, stored: ArrayBuffer | null): Promise<ArrayBuffer | null> {
    return this.api.setEnvironment(image, stored && Comlink.transfer(stored, [stored]));
  }

  capture(scale: number, glasses = true): Promise<Blob> {
    return this.api.capture(scale, glasses);
  }

  capturePair(scale: number, averageSize = false): Promise<CapturePair> {
    return this.api.capturePair(scale, averageSize);
  }

  /** The file lasts from press to press: both times go with the calls, on the frames' clock. */
  startRecording(scale: number): Promise<RecordingStart> {
    return this.api.startRecording(scale, epochMs());
  }

  stopRecording(): Promise<RecordingResult> {
    return this.api.stopRecording(epochMs());
  }

  resetPose(): Promise<void> {
    return this.api.resetPose();
  }

  resize(width: number, height: number): Promise<void> {
    return this.api.resize(width, height);
  }

  reset(): Promise<void> {
    return this.api.reset();
  }

  /** Tests only (`?stats`): the drawing's WebGL context lost, as after a GPU reset. */
  loseContext(): Promise<void> {
    return this.api.loseContext();
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

const PAGE_ENGINE_TRIES = 3;

/**
 * WebKit at times fails a first visit's import of the page engine's chunk ("Importing a module
 * script failed", seen in the engines suite); the engine then crashed and stayed down. It is
 * asked again, a little later each time, before that counts as a crash.
 */
async function importPageEngine(): Promise<typeof import('./page/page-engine')> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await import('./page/page-engine');
    } catch (error) {
      if (attempt >= PAGE_ENGINE_TRIES) throw error;
      console.warn(`[engine] page engine import failed (${String(error)}), trying again`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
