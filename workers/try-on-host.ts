import type {
  CapturePair,
  ContextEvent,
  EngineInit,
  EngineVerdicts,
  WorkerStats,
} from '../src/shared/try-on-types';
import { COMMAND_NAMES } from '../src/shared/engine-commands';
import { holdAliveLock } from '../src/shared/alive-lock';
import { setDecoderBase } from './assets/decoder-files';
import { installFetchGuard } from './assets/fetch-guard';
import { capturePair } from './diagnostics/capture-pair';
import { TryOnPipeline } from './pipeline/pipeline';

type StatsListener = (stats: WorkerStats) => void;
type ErrorListener = (code: ContextEvent, message: string) => void;
type VerdictListener = (verdicts: EngineVerdicts) => void;

let pipeline: TryOnPipeline | null = null;

type TryOnCommands = Pick<TryOnPipeline, (typeof COMMAND_NAMES)[number]>;
let canvas: OffscreenCanvas | null = null;

function need(): TryOnPipeline {
  if (!pipeline) throw new Error('engine not initialised');
  return pipeline;
}

/** A frame given to a command the engine cannot take yet is closed here, not leaked. */
function closeFrames(args: unknown[]): void {
  for (const arg of args)
    if (typeof VideoFrame !== 'undefined' && arg instanceof VideoFrame) arg.close();
}

/** Each command of src/shared/engine-commands.ts, served by the pipeline's method of its name. */
const commands = Object.fromEntries(
  COMMAND_NAMES.map((name) => [
    name,
    (...args: unknown[]) => {
      if (!pipeline) {
        closeFrames(args);
        throw new Error('engine not initialised');
      }
      return (pipeline[name] as (...a: unknown[]) => unknown).apply(pipeline, args);
    },
  ]),
) as unknown as TryOnCommands;

/**
 * The try-on engine's whole surface, the same in the worker (try-on.worker.ts) and in the page
 * fallback (src/engine/page/page-engine.ts): its life (alive, init, dispose) and the commands.
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
  dispose(): void {
    pipeline?.dispose();
    pipeline = null;
  },
  ...commands,
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
