/** A call that outlived its caller's deadline; `ms` is the deadline that passed. */
export class DeadlinePassed extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms / 1000} s`);
    this.name = 'DeadlinePassed';
  }
}

/**
 * `promise`, or a DeadlinePassed rejection once `ms` have passed: the caller decides what a late
 * answer means (it is ignored when it comes).
 */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlinePassed(ms)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
