import * as Comlink from 'comlink';
import type { GlassesCheckApi } from '../../workers/glasses-check.worker';
import type { FitOverride, FrameSize, GlassesReport } from '../shared/glasses-types';

/** A check's whole budget: parse, fit and three views on software GL take 1–5 s here. */
export const CHECK_DEADLINE_MS = 60_000;

export interface CheckOutcome {
  report: GlassesReport;
  /** The three views on the reference head, or null where this browser cannot draw them. */
  picture: Blob | null;
}

export class CheckTimeout extends Error {
  constructor() {
    super(`no answer within ${CHECK_DEADLINE_MS / 1000} s`);
    this.name = 'CheckTimeout';
  }
}

/**
 * The one owner of the shop page's check worker (workers/glasses-check.worker.ts): the app's own
 * loader, fit and renderer on the reference head. One check at a time; a check that passes its
 * deadline or is aborted ends the worker, and the next check starts a fresh one.
 */
export class CheckEngine {
  private worker: Worker | null = null;
  private api: Comlink.Remote<GlassesCheckApi> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  private start(): Comlink.Remote<GlassesCheckApi> {
    if (!this.api) {
      this.worker = new Worker(new URL('../../workers/glasses-check.worker.ts', import.meta.url), {
        type: 'module',
        name: 'glasses-check',
      });
      this.api = Comlink.wrap<GlassesCheckApi>(this.worker);
    }
    return this.api;
  }

  private stop(): void {
    this.api?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
  }

  /** Checks one GLB; `bytes` is copied, so the caller keeps its file. */
  check(
    bytes: ArrayBuffer,
    title: string,
    options: {
      fit?: FitOverride;
      frameSize?: Omit<FrameSize, 'fromLenses'>;
      /** Front, three-quarter and side, in the page's language. */
      labels?: readonly string[];
      signal: AbortSignal;
    },
  ): Promise<CheckOutcome> {
    const run = () => this.run(bytes.slice(0), title, options);
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private run(
    bytes: ArrayBuffer,
    title: string,
    { fit, frameSize, labels, signal }: Parameters<CheckEngine['check']>[2],
  ): Promise<CheckOutcome> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const api = this.start();
    return new Promise<CheckOutcome>((resolve, reject) => {
      const fail = (error: unknown) => {
        cleanup();
        this.stop();
        reject(error);
      };
      const timer = setTimeout(() => fail(new CheckTimeout()), CHECK_DEADLINE_MS);
      const onAbort = () => fail(signal.reason);
      // A worker whose module did not load never answers: its error event says so at once.
      const onError = (event: ErrorEvent) =>
        fail(new Error(event.message || 'the check worker did not start'));
      const worker = this.worker;
      const cleanup = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        worker?.removeEventListener('error', onError);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      worker?.addEventListener('error', onError);
      api.check(Comlink.transfer(bytes, [bytes]), title, fit, frameSize, labels).then(
        ({ report, png }) => {
          cleanup();
          resolve({ report, picture: png ? new Blob([png], { type: 'image/png' }) : null });
        },
        (error: unknown) => {
          cleanup();
          reject(error);
        },
      );
    });
  }

  dispose(): void {
    this.stop();
  }
}
