import type { TryOnEngine } from './try-on-engine';

/** The engine could not start: a source waiting for it stops; the engine's own error is shown. */
export class EngineUnavailable extends Error {
  constructor() {
    super('engine unavailable');
    this.name = 'EngineUnavailable';
  }
}

interface Waiting {
  resolve: (engine: TryOnEngine) => void;
  reject: (error: unknown) => void;
}

/**
 * The one owner of "may a source start": the camera opens (permission prompt, sensor start) or the
 * video file loads while the model, runtime and scene load, and its frames go to the engine once
 * it is ready. use-try-on tells it when an engine is ready, lost or cannot start.
 */
export class EngineWaiter {
  private readonly entries = new Set<Waiting>();
  private engine: TryOnEngine | null = null;

  /** The engine a source may start on now, if any. */
  get current(): TryOnEngine | null {
    return this.engine;
  }

  /**
   * Resolves with the ready engine at once, or with the next one that gets ready; rejects on
   * `signal` or if it cannot start.
   */
  next(signal: AbortSignal): Promise<TryOnEngine> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      if (this.engine) return resolve(this.engine);
      const entry: Waiting = {
        resolve: (engine) => {
          signal.removeEventListener('abort', onAbort);
          resolve(engine);
        },
        reject: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      const onAbort = () => {
        this.entries.delete(entry);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.entries.add(entry);
    });
  }

  /** Whether a start waits for the next engine. */
  get waiting(): boolean {
    return this.entries.size > 0;
  }

  ready(engine: TryOnEngine): void {
    this.engine = engine;
    this.settle((entry) => entry.resolve(engine));
  }

  /** The engine went away (crash, unmount): a start from now on waits for the next one. */
  lost(): void {
    this.engine = null;
  }

  failed(): void {
    this.engine = null;
    this.settle((entry) => entry.reject(new EngineUnavailable()));
  }

  private settle(each: (entry: Waiting) => void): void {
    const all = [...this.entries];
    this.entries.clear();
    all.forEach(each);
  }
}
