// Helpers for storage.e2e.ts: a counting proxy in front of the real server (bytes on the wire,
// a dead network, a connection cut mid-download) and raw reads of what the page stored.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DB_NAME,
  DB_TABLE,
  KEY_MEDIAPIPE_TASK,
  KEY_TASK_AND_WASM_CACHED,
  WASM_CACHE_NAME,
} from '../../src/shared/storage-constants';
import { HIDE_STATS } from '../outside/screen';
import { launchChromium } from './browser.mjs';
import { capCamera } from './app-session';

/** Storage names, passed into page.evaluate (which cannot see imports). */
const NAMES = {
  db: DB_NAME,
  table: DB_TABLE,
  model: KEY_MEDIAPIPE_TASK,
  flag: KEY_TASK_AND_WASM_CACHED,
  cache: WASM_CACHE_NAME,
};

export interface Hit {
  path: string;
  status: number;
  encoding: string;
  /** Response bytes as sent (compressed when encoded), headers included. */
  bytes: number;
}

export interface Proxy {
  url: string;
  hits: Hit[];
  /** Requests refused while offline. */
  refused: string[];
  offline: boolean;
  /** The next response for this path is cut after this many body bytes. */
  cutNext(path: string, afterBytes: number): void;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<Proxy> {
  const upstream = new URL(target);
  const cuts = new Map<string, number>();
  const proxy = {
    hits: [] as Hit[],
    refused: [] as string[],
    offline: false,
    cutNext: (path: string, afterBytes: number) => void cuts.set(path, afterBytes),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', upstream).pathname;
    if (proxy.offline) {
      proxy.refused.push(path);
      req.socket.destroy();
      return;
    }
    const cut = cuts.get(path);
    cuts.delete(path);
    const options = { host: upstream.hostname, port: upstream.port, path: req.url };
    const up = request({ ...options, method: req.method, headers: req.headers }, (answer) => {
      const headerBytes = Object.entries(answer.headers).reduce(
        (n, [k, v]) => n + k.length + String(v).length + 4,
        17,
      );
      let body = 0;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.on('data', (chunk: Buffer) => {
        if (cut !== undefined && body + chunk.length > cut) {
          res.write(chunk.subarray(0, cut - body));
          res.destroy();
          answer.destroy();
          return;
        }
        body += chunk.length;
        res.write(chunk);
      });
      answer.on('end', () => {
        const encoding = String(answer.headers['content-encoding'] ?? '');
        proxy.hits.push({
          path,
          status: answer.statusCode ?? 0,
          encoding,
          bytes: body + headerBytes,
        });
        res.end();
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  });
}

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * A fresh browser profile (no stored files, no service worker) with a fake camera;
 * `gpuCompositing` as browser.mjs says.
 */
export async function newSession(
  cameraY4m: string,
  initScript?: string,
  gpuCompositing = false,
): Promise<Session> {
  const browser: Browser = await launchChromium({ cameraY4m, gpuCompositing });
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 430, height: 900 },
  });
  await context.addInitScript(HIDE_STATS);
  await capCamera(context);
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('[pageerror]', error.message));
  return { browser, context, page, close: () => browser.close() };
}

/** Waits until a service worker controls the page (it claims clients when it activates). */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 60_000,
  });
}

export interface Stored {
  model: { size: number; sha256: string } | null;
  flag: unknown;
}

/** Reads ModelDB with the raw IndexedDB API, as a second app version would. */
export function readStored(page: Page): Promise<Stored> {
  return page.evaluate(async (names) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(names.db);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains(names.table)) {
      db.close();
      return { model: null, flag: undefined };
    }
    const get = (key: string) =>
      new Promise<{ data: unknown } | undefined>((resolve, reject) => {
        const request = db.transaction(names.table).objectStore(names.table).get(key);
        request.onsuccess = () => resolve(request.result as { data: unknown } | undefined);
        request.onerror = () => reject(request.error);
      });
    const [model, flag] = [await get(names.model), await get(names.flag)];
    db.close();
    if (!(model?.data instanceof Blob)) return { model: null, flag: flag?.data };
    const digest = await crypto.subtle.digest('SHA-256', await model.data.arrayBuffer());
    const sha256 = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0'));
    return { model: { size: model.data.size, sha256: sha256.join('') }, flag: flag?.data };
  }, NAMES);
}

/** The URLs in Cache Storage `mediapipe-wasm`. */
export function cachedRuntime(page: Page): Promise<string[]> {
  return page.evaluate(
    async (name) => (await (await caches.open(name)).keys()).map((request) => request.url),
    NAMES.cache,
  );
}

/** Overwrites the stored model with garbage of the right size and breaks a cached runtime file. */
export function corruptStorage(page: Page, modelSize: number, wasmPath: string): Promise<void> {
  return page.evaluate(
    async ({ names, modelSize, wasmPath }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(names.db);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(names.table, 'readwrite');
        const garbage = new Blob([new Uint8Array(modelSize).fill(0x5a)]);
        tx.objectStore(names.table).put({ key: names.model, data: garbage });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      const cache = await caches.open(names.cache);
      await cache.put(new URL(wasmPath, location.origin).href, new Response('truncated'));
    },
    { names: NAMES, modelSize, wasmPath },
  );
}
