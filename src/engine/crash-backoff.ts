/**
 * How long to wait before starting a fresh engine after the last one died: at once the first
 * time (a crash now and then costs a second or two), longer each time when it keeps dying (a
 * model or driver that fails at every start would otherwise spin the device hot).
 */
export const RESTART_DELAYS_MS = [0, 2_000, 5_000, 15_000, 30_000] as const;
/** A crash this soon after the one before continues a loop; later, it starts afresh. */
export const CRASH_LOOP_WINDOW_MS = 90_000;

export class CrashBackoff {
  private last: number | null = null;
  private streak = 0;

  /** Notes a crash at `nowMs`; returns the wait before the next start, in ms. */
  next(nowMs: number): number {
    const inLoop = this.last !== null && nowMs - this.last < CRASH_LOOP_WINDOW_MS;
    this.streak = inLoop ? this.streak + 1 : 0;
    this.last = nowMs;
    return RESTART_DELAYS_MS[Math.min(this.streak, RESTART_DELAYS_MS.length - 1)]!;
  }
}
