// Shared fakes for the storage unit tests: a browser-like location, Cache Storage, and a fetch
// that streams the real runtime files from public/ in chunks (or fails on demand).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ORIGIN = 'http://app.test';

/** Must run before src/storage/asset-url.ts is imported (it reads location at load). */
export function installLocation(): void {
  Object.defineProperty(globalThis, 'location', {
    value: new URL(`${ORIGIN}/`),
    configurable: true,
    writable: true,
  });
}

interface Stored {
  body: ArrayBuffer;
  init: ResponseInit;
}

export class FakeCache {
  readonly entries = new Map<string, Stored>();
  putError: Error | null = null;

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const hit = this.entries.get(keyOf(request));
    return hit ? new Response(hit.body.slice(0), hit.init) : undefined;
  }
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const body = await response.arrayBuffer();
    if (this.putError) throw this.putError;
    this.entries.set(keyOf(request), {
      body,
      init: { status: response.status, headers: [...response.headers] },
    });
  }
  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

function keyOf(request: RequestInfo | URL): string {
  return request instanceof Request ? request.url : new URL(String(request), ORIGIN).href;
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();
  openError: Error | null = null;
  async open(name: string): Promise<FakeCache> {
    if (this.openError) throw this.openError;
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new FakeCache()));
    return cache;
  }
}

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
const files = new Map<string, Uint8Array>();

/** The real bytes of a public asset (cached: the wasm is 13 MB). */
export function publicBytes(path: string): Uint8Array {
  let bytes = files.get(path);
  if (!bytes) files.set(path, (bytes = new Uint8Array(readFileSync(join(publicDir, path)))));
  return bytes;
}

export type Fault =
  | { kind: 'status'; status: number }
  | { kind: 'truncate'; bytes: number }
  | { kind: 'error-after'; bytes: number }
  | { kind: 'reject' };

/**
 * A fetch for the asset origin: serves public/ in 64 KiB chunks; `faults` by asset path make a
 * response fail the way real ones do. `requests` records every path asked for.
 */
export function fakeFetch(faults: Map<string, Fault> = new Map()) {
  const requests: string[] = [];
  const chunk = 64 * 1024;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const signal = init?.signal;
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const url = new URL(input instanceof Request ? input.url : String(input), ORIGIN);
    const path = url.pathname.slice(1);
    requests.push(path);
    const fault = faults.get(path);
    if (fault?.kind === 'reject') throw new TypeError('Failed to fetch');
    if (fault?.kind === 'status') return new Response('nope', { status: fault.status });
    let bytes: Uint8Array;
    try {
      bytes = publicBytes(path);
    } catch {
      return new Response('not found', { status: 404 });
    }
    const limit = fault?.kind === 'truncate' ? fault.bytes : bytes.length;
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (signal?.aborted) {
          controller.error(new DOMException('aborted', 'AbortError'));
          return;
        }
        if (fault?.kind === 'error-after' && offset >= fault.bytes) {
          controller.error(new TypeError('network error'));
          return;
        }
        if (offset >= limit) {
          controller.close();
          return;
        }
        const end = Math.min(offset + chunk, limit);
        controller.enqueue(bytes.slice(offset, end));
        offset = end;
      },
    });
    return new Response(body, { status: 200 });
  };
  return { fetch, requests };
}
