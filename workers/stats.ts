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

/** The counters and timing windows behind WorkerStats. */
export class PipelineMeter {
  private readonly detectMs = new SlidingWindow();
  private readonly renderMs = new SlidingWindow();
  private readonly latencyMs = new SlidingWindow();
  private readonly fps = new RateMeter();
  tracked = 0;
  faces = 0;

  record(detectMs: number, renderMs: number, capturedAtMs: number, face: boolean): void {
    const now = performance.now();
    this.tracked++;
    if (face) this.faces++;
    this.detectMs.push(detectMs);
    this.renderMs.push(renderMs);
    this.latencyMs.push(performance.timeOrigin + now - capturedAtMs);
    this.fps.tick(now);
  }

  timings() {
    return {
      tracked: this.tracked,
      faces: this.faces,
      fps: this.fps.rate(performance.now()),
      detectMsP50: this.detectMs.p(50),
      detectMsP95: this.detectMs.p(95),
      renderMsP50: this.renderMs.p(50),
      renderMsP95: this.renderMs.p(95),
      latencyMsP50: this.latencyMs.p(50),
      latencyMsP95: this.latencyMs.p(95),
    };
  }
}
