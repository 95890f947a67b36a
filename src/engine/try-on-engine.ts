import * as Comlink from 'comlink';
import type { TestHooks, TryOnApi } from '../../workers/try-on.worker';
import type { ContextEvent, EngineInit, EngineVerdicts, WorkerStats } from '../shared/try-on-types';
import {
  COMMAND_NAMES,
  ENGINE_COMMANDS,
  type CommandName,
  type CommandRule,
  type EngineCommands,
} from '../shared/engine-commands';
import { aliveLockName, watchAlive } from '../shared/alive-lock';
import { DeadlinePassed, withDeadline } from '../shared/deadline';
import { ENGINE_DEADLINES_MS } from '../shared/ui-constants';
import { RENDER_HEIGHT, RENDER_PIXEL_RATIO, RENDER_WIDTH } from '../shared/render-constants';
import type { EnginePath } from './engine-path';
import { importPageEngine } from './page/import-page-engine';

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
 * The one owner of the try-on worker: creates it, hands it the canvas once, sends the commands
 * (ENGINE_COMMANDS), reports crashes (an uncaught error, or the worker gone: see alive-lock.ts), and
 * terminates it. A crashed worker cannot give its canvas back, so recovery means a fresh canvas
 * and a fresh engine (see use-try-on.ts).
 */
export class TryOnEngine {
  private readonly worker: Worker | null = null;
  private readonly channel: MessageChannel | null = null;
  private readonly api: Comlink.Remote<TryOnApi>;
  readonly ready: Promise<void>;
  /** Every command of ENGINE_COMMANDS, each sent by its row's rule (see `send`). */
  readonly commands = Object.fromEntries(
    COMMAND_NAMES.map((name) => [name, (...args: unknown[]) => this.send(name, args as never)]),
  ) as unknown as EngineCommands;
  private disposed = false;
  /** Said it stopped, or disposed: tells the page nothing more (`tell`). */
  private down = false;

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
        Comlink.proxy((stats: WorkerStats) => this.tell({ type: 'stats', stats })),
        Comlink.proxy((code: ContextEvent) => this.tell({ type: code })),
        Comlink.proxy((verdicts: EngineVerdicts) => this.tell({ type: 'verdicts', verdicts })),
      ),
    );
  }

  private crash(message: string, type: 'crashed' | 'stuck' = 'crashed'): void {
    this.tell({ type, message });
  }

  /**
   * Passes an event on, until the engine has said it stopped (crashed, stuck, its GL context lost)
   * or is disposed: the page then starts another, and a worker still running meanwhile (a stuck
   * one lives until `dispose` ends it) would put its own figures back in place of the new one's.
   */
  private tell(event: EngineEvent): void {
    if (this.down) return;
    if (event.type !== 'stats' && event.type !== 'verdicts') this.down = true;
    this.listener(event);
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

  /**
   * Sends command `name` as its row in ENGINE_COMMANDS says: what moves rather than copies, the
   * deadline, and what a late answer means. A call that cannot be posted closes what it moves.
   */
  private send<K extends CommandName>(
    name: K,
    args: Parameters<EngineCommands[K]>,
  ): ReturnType<EngineCommands[K]> {
    const rule = ENGINE_COMMANDS[name] as CommandRule<unknown[]>;
    const moved = rule.transfer?.(...args) ?? [];
    const call = this.api[name] as unknown as (...a: unknown[]) => Promise<unknown>;
    let answer: Promise<unknown>;
    try {
      // Comlink gathers what moves from the arguments it marks, and keeps a mark for the object's
      // life: the first argument carries this call's list, empty or not, so a mark left from an
      // earlier call (a buffer since moved) is never sent again.
      const first: unknown = args[0];
      if (typeof first === 'object' && first !== null) Comlink.transfer(first, moved);
      else if (moved.length) throw new TypeError(`${name}: what moves needs an object to carry it`);
      answer = call(...args);
    } catch (error) {
      for (const item of moved) if ('close' in item) item.close();
      return Promise.reject(error) as ReturnType<EngineCommands[K]>;
    }
    const ms = ENGINE_DEADLINES_MS[rule.deadline];
    const late = rule.late;
    const result =
      late === 'restart'
        ? this.stuckAfter(ms, answer)
        : withDeadline(answer, ms).catch((error: unknown) => {
            if (late !== 'reject' && error instanceof DeadlinePassed) {
              void this.commands[late]().catch(() => {});
            }
            throw error;
          });
    return result as ReturnType<EngineCommands[K]>;
  }

  /** The test hooks: served only by a tests' or bench's build (__TEST_HOOKS__). */
  get testHooks(): Comlink.Remote<TestHooks> {
    return this.api as unknown as Comlink.Remote<TestHooks>;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.down = true;
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
