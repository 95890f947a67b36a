export interface PrepareProgress {
  /** Decoded bytes stored or received so far. */
  done: number;
  /** Decoded bytes of everything preparation needs, stored or not. */
  total: number;
}

/**
 * Sums decoded bytes across parallel downloads plus what was already stored. Reports only
 * increases, so a listener never sees the bar move back, and `finish()` lands exactly on total.
 */
export class ProgressMeter {
  private stored = 0;
  private readonly inFlight = new Map<string, number>();
  private reported = -1;

  /** `alreadyDone`: bytes stored and verified before any download; reported at once. */
  constructor(
    readonly total: number,
    alreadyDone: number,
    private readonly report: (progress: PrepareProgress) => void,
  ) {
    this.stored = alreadyDone;
    this.emit();
  }

  /** A finished download. */
  complete(id: string, bytes: number): void {
    this.inFlight.delete(id);
    this.stored += bytes;
    this.emit();
  }

  received(id: string, bytes: number): void {
    this.inFlight.set(id, bytes);
    this.emit();
  }

  finish(): void {
    this.inFlight.clear();
    this.stored = this.total;
    this.emit();
  }

  private emit(): void {
    let done = this.stored;
    for (const bytes of this.inFlight.values()) done += bytes;
    done = Math.min(done, this.total);
    if (done <= this.reported) return;
    this.reported = done;
    this.report({ done, total: this.total });
  }
}

/** Whole percent for display: 100 only when everything is done. */
export function percentOf({ done, total }: PrepareProgress): number {
  if (done >= total) return 100;
  return Math.min(99, Math.floor((done / total) * 100));
}
