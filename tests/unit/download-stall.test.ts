// A download that stops receiving (no headers, or no byte for DOWNLOAD_STALL_MS) fails as
// 'stalled' with its own message, instead of holding its progress bar for ever; a slow download
// that keeps moving is never cut.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DownloadError, fetchBody } from '../../src/shared/checked-fetch';
import { DOWNLOAD_STALL_MS } from '../../src/shared/storage-constants';
import { PrepareError } from '../../src/storage/prepare-error';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * A fetch whose body sends `chunks` ([ms after the headers, bytes]), then ends at `endAt` ms or,
 * without it, hangs.
 */
function stubFetch(headersAfterMs: number | null, chunks: [number, number][] = [], endAt?: number) {
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    const signal = init.signal!;
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      if (headersAfterMs === null) return;
      setTimeout(() => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            signal.addEventListener('abort', () => controller.error(new Error('aborted')));
            for (const [at, size] of chunks) {
              setTimeout(() => controller.enqueue(new Uint8Array(size)), at);
            }
            if (endAt !== undefined) setTimeout(() => controller.close(), endAt);
          },
        });
        resolve(new Response(body));
      }, headersAfterMs);
    });
  });
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'done',
    (error: unknown) => (error instanceof DownloadError ? error.kind : error),
  );

it('fails as stalled when no headers come', async () => {
  stubFetch(null);
  const result = outcome(fetchBody('/x', 'x', 100));
  await vi.advanceTimersByTimeAsync(DOWNLOAD_STALL_MS);
  expect(await result).toBe('stalled');
});

it('fails as stalled when the bytes stop, counted from the last byte', async () => {
  stubFetch(10, [
    [0, 10],
    [DOWNLOAD_STALL_MS - 1000, 10],
  ]);
  const seen: number[] = [];
  const result = outcome(fetchBody('/x', 'x', 100, { onBytes: (n) => seen.push(n) }));
  await vi.advanceTimersByTimeAsync(2 * DOWNLOAD_STALL_MS - 1100);
  expect(seen).toEqual([10, 20]);
  await vi.advanceTimersByTimeAsync(200);
  expect(await result).toBe('stalled');
});

it('never cuts a slow download that keeps moving', async () => {
  const step = DOWNLOAD_STALL_MS - 1;
  stubFetch(
    step,
    [
      [step, 10],
      [2 * step, 10],
    ],
    3 * step,
  );
  const done = fetchBody('/x', 'x', 20).then((bytes) => bytes.byteLength);
  await vi.advanceTimersByTimeAsync(4 * step);
  expect(await done).toBe(20);
});

it('says a stalled download in words of its own', () => {
  const error = new PrepareError(new DownloadError('stalled', 'a/b.wasm'));
  expect(error.reason).toContain(String(DOWNLOAD_STALL_MS / 1000));
});
