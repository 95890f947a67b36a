/**
 * A promise with its resolve and reject handed out: a test holds a call open, or learns that a
 * call it made hang was asked (`asked.resolve()` inside the fake, `await asked.promise` outside).
 * Node 20 has no Promise.withResolvers.
 */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
