/**
 * Notices a worker's death however it dies (terminated, closed, crashed, out of memory): the
 * worker holds a Web Lock for its whole life, and its creator asks for the same lock, which the
 * browser grants only once the holder is gone. No heartbeat, so a worker busy with a long task
 * is never taken for dead. Where an engine has no Web Locks, or refuses them (a frame inside
 * another site's page whose storage the browser blocks: SecurityError), deaths go unnoticed as
 * before.
 */
const hasLocks = (): boolean => typeof navigator !== 'undefined' && 'locks' in navigator;

/** A name no other worker, tab or restart uses. */
export const aliveLockName = (role: string): string =>
  `try-on-alive-${role}-${crypto.randomUUID()}`;

/**
 * In the worker: takes the lock and keeps it until the worker ends. Resolves true once held,
 * false where there is no lock to hold (none, or refused): then nobody may watch for it.
 */
export function holdAliveLock(name: string): Promise<boolean> {
  if (!hasLocks()) return Promise.resolve(false);
  return new Promise((held) => {
    navigator.locks
      .request(name, () => {
        held(true);
        return new Promise<never>(() => {});
      })
      .catch(() => held(false));
  });
}

/**
 * In the creator, after `holdAliveLock` resolved true there: calls `onGone` once the worker has
 * ended.
 * Abort `signal` before ending the worker on purpose.
 */
export function watchAlive(name: string, onGone: () => void, signal?: AbortSignal): void {
  if (!hasLocks()) return;
  navigator.locks.request(name, { signal }, () => onGone()).catch(() => {});
}
