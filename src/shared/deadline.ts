/** A call that outlived its caller's deadline; `ms` is the deadline that passed. */
export class DeadlinePassed extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms / 1000} s`);
    this.name = 'DeadlinePassed';
  }
}

/**
 * How late a deadline's timer may fire, ms, before the wait counts as frozen rather than
 * unanswered. A hidden tab or a phone's app switcher freezes the page and its workers together
 * while the monotonic clock runs on; on the thaw every timer due meanwhile fires at once, before
 * the worker has had a moment to answer what it was asked before the freeze. Taken as a stall,
 * that restarts a healthy engine as stuck (the privacy session's clock jump did: privacy.e2e.ts).
 * A busy thread fires timers late by a long task's length, well under this (the bench's longest
 * wait between drawn frames is under half a second).
 */
export const FROZEN_LATENESS_MS = 2_000;

/**
 * `promise`, or a DeadlinePassed rejection once `ms` have passed: the caller decides what a late
 * answer means (it is ignored when it comes). A wait the page spent frozen (its timer came more
 * than FROZEN_LATENESS_MS late) starts again, once, from the thaw: `ms` of running time at the
 * most twice over, so a caller still hears within 2 × ms + the freeze.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    const arm = (again: boolean) => {
      const due = performance.now() + ms;
      timer = setTimeout(() => {
        const frozen = performance.now() - due > FROZEN_LATENESS_MS;
        if (frozen && again) arm(false);
        else reject(new DeadlinePassed(ms));
      }, ms);
    };
    arm(true);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
