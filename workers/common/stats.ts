/** Rolling pipeline statistics, kept in the worker where the timings happen. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/** A fixed-size window of recent samples. */
export class SlidingWindow {
  private readonly items: number[] = [];
  constructor(private readonly size = 300) {}
  push(value: number): void {
    this.items.push(value);
    if (this.items.length > this.size) this.items.shift();
  }
  p(pct: number): number {
    return percentile(this.items, pct);
  }
  get values(): readonly number[] {
    return this.items;
  }
}

/** Frames per second over the last second of completion times. */
export class RateMeter {
  private readonly times: number[] = [];
  tick(now: number): void {
    this.times.push(now);
    while (this.times.length > 0 && now - this.times[0]! > 1000) this.times.shift();
  }
  rate(now: number): number {
    while (this.times.length > 0 && now - this.times[0]! > 1000) this.times.shift();
    return this.times.length;
  }
}

/** One drawn frame, as the meter takes it. */
export interface DrawnFrame {
  /** Null when the frame was not tracked (its pose was predicted). */
  detectMs: number | null;
  renderMs: number;
  capturedAtMs: number;
  face: boolean;
}

/** The counters and timing windows behind WorkerStats. */
export class PipelineMeter {
  private readonly detectMs = new SlidingWindow();
  private readonly renderMs = new SlidingWindow();
  private readonly latencyMs = new SlidingWindow();
  private readonly trackedRate = new RateMeter();
  private readonly drawnRate = new RateMeter();
  private lastDrawnAt: number | null = null;
  private longestGapMs = 0;
  tracked = 0;
  faces = 0;
  drawn = 0;

  record(frame: DrawnFrame): void {
    const now = performance.now();
    this.drawn++;
    this.drawnRate.tick(now);
    // A gap counts from when the frame existed: a paused video (no new frame) is not a stall, a
    // frame that waited behind slow work is.
    const capturedHere = frame.capturedAtMs - performance.timeOrigin;
    if (this.lastDrawnAt !== null) {
      const gap = now - Math.max(this.lastDrawnAt, capturedHere);
      this.longestGapMs = Math.max(this.longestGapMs, gap);
    }
    this.lastDrawnAt = now;
    this.renderMs.push(frame.renderMs);
    this.latencyMs.push(performance.timeOrigin + now - frame.capturedAtMs);
    if (frame.detectMs === null) return;
    this.tracked++;
    if (frame.face) this.faces++;
    this.detectMs.push(frame.detectMs);
    this.trackedRate.tick(now);
  }

  /**
   * A detection outside the drawn frames (the kept picture tracked again: a paused video, a
   * photo), counted so that "tracked and no face" holds for a picture that never changes.
   */
  countTracked(face: boolean): void {
    this.tracked++;
    if (face) this.faces++;
  }

  /** The watchdog starts afresh with a new source. */
  restartWatch(): void {
    this.lastDrawnAt = null;
    this.longestGapMs = 0;
  }

  timings() {
    const now = performance.now();
    return {
      tracked: this.tracked,
      faces: this.faces,
      drawn: this.drawn,
      fps: this.trackedRate.rate(now),
      drawnFps: this.drawnRate.rate(now),
      longestGapMs: this.longestGapMs,
      detectMsP50: this.detectMs.p(50),
      detectMsP95: this.detectMs.p(95),
      renderMsP50: this.renderMs.p(50),
      renderMsP95: this.renderMs.p(95),
      latencyMsP50: this.latencyMs.p(50),
      latencyMsP95: this.latencyMs.p(95),
    };
  }
}
