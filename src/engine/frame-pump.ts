/**
 * Moves video frames to the worker with one frame in flight. While the worker is busy the newest
 * frame waits and replaces (and closes) any older waiting one, so nothing piles up and the picture
 * stays current. Each frame carries its capture time; the engine keeps the model's timestamps
 * rising (workers/common/rising-clock.ts).
 */
import type { FrameResult } from '../shared/try-on-types';
import type { PumpCounters } from '../state/atoms';

export interface FrameSource {
  /** Calls back once with the capture time (epoch ms) of the next new video frame. */
  onNextFrame(callback: (capturedAtMs: number) => void): () => void;
  /**
   * Wraps the current video picture; the caller owns the frame. Null when there is none; throws
   * where the browser cannot wrap it (the pump goes on to the next).
   */
  grab(timestampUs: number): VideoFrame | null;
}

/** Takes ownership of the frame (transfers or closes it); resolves with what the engine did. */
export type FrameSink = (frame: VideoFrame) => Promise<FrameResult>;

/** `source` passing on one frame in `every` (the others are never grabbed). */
export function thinned(source: FrameSource, every: number): FrameSource {
  let seen = 0;
  return {
    onNextFrame(callback) {
      let cancel = () => {};
      const next = () => {
        cancel = source.onNextFrame((capturedAtMs) => {
          if (++seen % every === 0) callback(capturedAtMs);
          else next();
        });
      };
      next();
      return () => cancel();
    },
    grab: (timestampUs) => source.grab(timestampUs),
  };
}

export class FramePump {
  private pending: VideoFrame | null = null;
  private busy = false;
  private running = false;
  private cancel: (() => void) | null = null;
  /** The engine's answer for the last frame it finished (null before the first). */
  lastResult: FrameResult | null = null;
  readonly counters: PumpCounters = {
    framesIn: 0,
    drawn: 0,
    freshPoses: 0,
    dropped: 0,
    failed: 0,
    inFlight: 0,
    waiting: 0,
  };

  constructor(
    private readonly source: FrameSource,
    private readonly sink: FrameSink,
    private readonly onError: (error: unknown) => void = () => {},
    /** Hears each finished frame's result with its capture time (the bench's log). */
    private readonly onResult?: (result: FrameResult, capturedAtMs: number) => void,
    /**
     * The engine draws on this thread (the page path): a frame waiting when one finishes goes
     * after the next animation frame, so the page paints each drawn picture. Sent at once, one
     * engine task follows another and the page paints rarely (Firefox's screen held one picture
     * for 4.3 s while its canvas drew 8 a second: tests/engines (c), docs/architecture.md).
     */
    private readonly paintBetween = false,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  /** Stops pulling; a waiting frame is closed, the one in flight belongs to the worker. */
  stop(): void {
    this.running = false;
    this.cancel?.();
    this.cancel = null;
    if (this.pending) this.drop(this.pending);
    this.pending = null;
    this.sync();
  }

  get isRunning(): boolean {
    return this.running;
  }

  private schedule(): void {
    this.cancel = this.source.onNextFrame((capturedAtMs) => {
      if (!this.running) return;
      this.take(capturedAtMs);
      this.schedule();
    });
  }

  private take(capturedAtMs: number): void {
    let frame: VideoFrame | null;
    try {
      frame = this.source.grab(Math.round(capturedAtMs * 1000));
    } catch (error) {
      // Chromium can refuse to wrap a camera's picture just after it starts, its ready state
      // notwithstanding ("Invalid source state"): that picture is not taken, the next is.
      this.onError(error);
      return;
    }
    if (!frame) return;
    this.counters.framesIn++;
    if (!this.busy) this.send(frame);
    else {
      if (this.pending) this.drop(this.pending);
      this.pending = frame;
    }
    this.sync();
  }

  private drop(frame: VideoFrame): void {
    frame.close();
    this.counters.dropped++;
  }

  private send(frame: VideoFrame): void {
    this.busy = true;
    // Read before the sink takes the frame (a transferred frame has no timestamp left).
    const capturedAtMs = frame.timestamp / 1000;
    this.sink(frame).then(
      (result) => {
        this.onResult?.(result, capturedAtMs);
        this.settle(result);
      },
      (error: unknown) => {
        this.settle(null);
        this.onError(error);
      },
    );
  }

  private settle(result: FrameResult | null): void {
    if (result) {
      this.lastResult = result;
      this.counters.drawn++;
      if (result.freshPose) this.counters.freshPoses++;
    } else this.counters.failed++;
    // Busy until then: a newer frame replaces the waiting one meanwhile.
    if (this.paintBetween && this.pending && this.running) {
      requestAnimationFrame(() => this.sendWaiting());
    } else this.sendWaiting();
  }

  private sendWaiting(): void {
    this.busy = false;
    const next = this.pending;
    this.pending = null;
    if (next && this.running) this.send(next);
    else if (next) this.drop(next);
    this.sync();
  }

  private sync(): void {
    this.counters.inFlight = this.busy ? 1 : 0;
    this.counters.waiting = this.pending ? 1 : 0;
  }
}
