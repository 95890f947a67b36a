import * as Comlink from 'comlink';
import { aliveLockName, watchAlive } from '../../src/shared/alive-lock';
import type { Delegate } from '../../src/shared/try-on-types';
import type { TrackWorkerApi } from '../track.worker';
import type { TrackerSource } from './tracker';

/**
 * The tracking worker (track.worker.ts), started and holding the model: what RemoteTracking
 * sends frames to. Started on its own, before the scene exists, so that its runtime and model
 * load (0.4–0.9 s on 2 cores) while the render worker builds the scene.
 */
export class TrackWorkerLink {
  delegate: Delegate | 'pending' = 'pending';
  private readonly closing = new AbortController();

  private constructor(
    private readonly worker: Worker,
    readonly remote: Comlink.Remote<TrackWorkerApi>,
  ) {}

  /**
   * Starts the tracking worker and resolves once it runs and has been sent its start; `ready`
   * settles when its tracker is made. A nested worker starts only while this thread is free, so
   * the caller waits for this before anything long of its own (workers/README.md). The model's
   * bytes move to the worker (`source` is not used after).
   */
  static async start(
    source: TrackerSource,
    allowedOrigins: readonly string[],
    onDecided: (delegate: Delegate) => void,
  ): Promise<{ link: TrackWorkerLink; ready: Promise<void> }> {
    const worker = new Worker(new URL('../track.worker.ts', import.meta.url), { type: 'module' });
    const link = new TrackWorkerLink(worker, Comlink.wrap<TrackWorkerApi>(worker));
    const decided = (delegate: Delegate) => {
      link.delegate = delegate;
      onDecided(delegate);
    };
    const failed = (error: unknown): never => {
      worker.terminate();
      throw error;
    };
    const moved = Comlink.transfer(source, [source.modelBytes.buffer]);
    const alive = aliveLockName('track');
    const held = await link.remote.alive(alive).catch(failed);
    const ready = link.remote.init(moved, allowedOrigins, Comlink.proxy(decided)).then(() => {
      // The render worker cannot go on without its tracker (it gave the model away): it ends
      // too, and the page starts both afresh with the glasses and source restored.
      if (held) watchAlive(alive, () => lost('it stopped'), link.closing.signal);
    }, failed);
    return { link, ready };
  }

  /** The tracking worker stopped answering: ended like a lost one (the page restarts both). */
  stuck(why: string): void {
    this.close();
    lost(why);
  }

  close(): void {
    this.closing.abort();
    this.remote[Comlink.releaseProxy]();
    this.worker.terminate();
  }
}

function lost(why: string): void {
  console.error(
    `the tracking worker: ${why}; the try-on worker ends so that the page restarts both`,
  );
  self.close();
}
