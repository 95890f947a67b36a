import * as Comlink from 'comlink';
import type { GlassesCheckApi } from '../../../workers/glasses-check.worker';
import type { FitOverride, FrameSize, GlassesReport } from '../../shared/glasses-types';
import { DeadlinePassed } from '../../shared/deadline';
import type { PackOutcome } from '../../shared/try-on-types';

/**
 * A call's whole budget: a check (parse, fit, three views on software GL) takes seconds, a pack
 * with its two fits up to twice that.
 */
export const CHECK_DEADLINE_MS = 60_000;
/** The views' names, none: the page writes them under the picture (check-card.tsx). */
const NO_LABELS = ['', '', ''] as const;

export interface CheckOutcome {
  report: GlassesReport;
  /** The three views on the reference head, or null where this browser cannot draw them. */
  picture: Blob | null;
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
      this.worker = new Worker(
        new URL('../../../workers/glasses-check.worker.ts', import.meta.url),
        {
          type: 'module',
          name: 'glasses-check',
        },
      );
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

  /**
   * Checks one GLB; `bytes` is copied, so the caller keeps its file. The views come without
   * words (no title, NO_LABELS): the page names them in its own text, legible at any width, where
   * a label drawn into the 1 200 px picture shrinks to 4 px on a phone.
   */
  check(
    bytes: ArrayBuffer,
    options: {
      fit?: FitOverride;
      frameSize?: Omit<FrameSize, 'fromLenses'>;
      signal: AbortSignal;
    },
  ): Promise<CheckOutcome> {
    const { fit, frameSize, signal } = options;
    return this.enqueue(signal, async (api) => {
      const copy = bytes.slice(0);
      const { report, png } = await api.check(
        Comlink.transfer(copy, [copy]),
        '',
        fit,
        frameSize,
        NO_LABELS,
      );
      return { report, picture: png ? new Blob([png], { type: 'image/png' }) : null };
    });
  }

  /** Packs one GLB (meshopt) and proves the packed file fits as this one does. */
  pack(
    bytes: ArrayBuffer,
    options: { fit?: FitOverride; frameSize?: Omit<FrameSize, 'fromLenses'>; signal: AbortSignal },
  ): Promise<PackOutcome> {
    const { fit, frameSize, signal } = options;
    return this.enqueue<PackOutcome>(signal, (api) => {
      const copy = bytes.slice(0);
      return api.pack(Comlink.transfer(copy, [copy]), fit, frameSize);
    });
  }

  /** One call at a time, each under the deadline; a late or aborted call ends the worker. */
  private enqueue<T>(
    signal: AbortSignal,
    invoke: (api: Comlink.Remote<GlassesCheckApi>) => Promise<T>,
  ): Promise<T> {
    const run = () => this.call(signal, invoke);
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private call<T>(
    signal: AbortSignal,
    invoke: (api: Comlink.Remote<GlassesCheckApi>) => Promise<T>,
  ): Promise<T> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const api = this.start();
    return new Promise<T>((resolve, reject) => {
      const fail = (error: unknown) => {
        cleanup();
        this.stop();
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new DeadlinePassed(CHECK_DEADLINE_MS)),
        CHECK_DEADLINE_MS,
      );
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
      invoke(api).then(
        (value) => {
          cleanup();
          resolve(value);
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
