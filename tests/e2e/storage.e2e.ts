import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import {
  ASSET_PATHS,
  FACE_MODEL_BYTES,
  FACE_MODEL_SHA256,
} from '../../src/shared/storage-constants';
import { zhCN } from '../../src/i18n/zh-CN';
import { startCamera, waitForStats } from './app-page';
import { prepareFixtures } from './fixtures.mjs';
import { recordedScreen, SCREEN_RECORDER, type Screen } from './loading-screen';
import {
  cachedRuntime,
  corruptStorage,
  newSession,
  readStored,
  serviceWorkerInControl,
  startProxy,
  type Proxy,
} from './storage-helpers';

const fixtures: { cameras: { y4m: string }[] } = await prepareFixtures();
const camera = fixtures.cameras[0]!.y4m;
/** The production build to serve (`npm run build`); E2E_DIST points at a private copy. */
const DIST = process.env.E2E_DIST ?? 'dist';

let server: { url: string; close(): Promise<void> };
let proxy: Proxy;

beforeAll(async () => {
  server = await startServer({ dir: DIST, port: 0 });
});
afterAll(() => server?.close());

/** Every test gets its own proxy, so the byte counts and faults are its own. */
async function freshProxy(): Promise<Proxy> {
  await proxy?.close();
  proxy = await startProxy(server.url);
  return proxy;
}
afterAll(() => proxy?.close());

const recorded = (page: Page): Promise<Screen> => page.evaluate(recordedScreen);

/** Waits for the Loading screen to say "Hello!" and hand over to /home; returns when it said it. */
async function helloThenHome(page: Page): Promise<number> {
  // Loading hands its own parameters (`?stats`) on to /home.
  await page.waitForURL((url) => url.pathname === '/home', { timeout: 120_000 });
  const hello = (await recorded(page)).headings.find((heading) => heading.text === zhCN.hello);
  expect(hello).toBeDefined();
  return hello!.at;
}

/** A browser that refuses every write to IndexedDB and Cache Storage, as a full disk does. */
const QUOTA_EXHAUSTED = `(() => {
  const full = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  IDBObjectStore.prototype.put = function () { throw full(); };
  IDBObjectStore.prototype.add = function () { throw full(); };
  Cache.prototype.put = function () { return Promise.reject(full()); };
})();`;

/** Loads a page and measures how long until the first frame with a tracked face. */
async function timeToTrackedFace(page: Page, url: string): Promise<number> {
  const started = Date.now();
  await page.goto(url);
  await startCamera(page);
  await waitForStats(page, (s) => s.face === 1);
  return Date.now() - started;
}

describe('storage', () => {
  it('repairs a corrupted stored model and runtime file on the next visit', async () => {
    const net = await freshProxy();
    const { page, close } = await newSession(camera, SCREEN_RECORDER);
    try {
      await page.goto(`${net.url}/`);
      await helloThenHome(page);
      // The next visit's worker asks the service worker for the runtime: one still installing
      // (a loaded lane run) leaves it to the network, and the binary kept reads as fetched.
      await serviceWorkerInControl(page);
      await corruptStorage(page, FACE_MODEL_BYTES, ASSET_PATHS.wasmLoader);
      expect((await readStored(page)).model?.sha256).not.toBe(FACE_MODEL_SHA256);
      net.hits.length = 0;
      await timeToTrackedFace(page, `${net.url}/home?stats`);
      const fetched = net.hits.map((hit) => hit.path);
      expect(fetched).toContain(`/${ASSET_PATHS.faceModel}`);
      expect(fetched).toContain(`/${ASSET_PATHS.wasmLoader}`);
      expect(fetched).not.toContain(`/${ASSET_PATHS.wasmBinary}`);
      expect(await readStored(page)).toEqual({
        model: { size: FACE_MODEL_BYTES, sha256: FACE_MODEL_SHA256 },
        flag: 1,
      });
      expect((await cachedRuntime(page)).map((url) => new URL(url).pathname).sort()).toEqual(
        [`/${ASSET_PATHS.wasmLoader}`, `/${ASSET_PATHS.wasmBinary}`].sort(),
      );
    } finally {
      await close();
    }
  });

  it('shows the reason when a download dies midway, and 重试 recovers without a reload', async () => {
    const net = await freshProxy();
    net.cutNext(`/${ASSET_PATHS.wasmBinary}`, 1_000_000);
    const { page, close } = await newSession(camera, SCREEN_RECORDER);
    try {
      await page.goto(`${net.url}/`);
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 120_000 });
      expect(await alert.textContent()).toBe(`准备失败：${zhCN.networkFailed}`);
      // Nothing half-written: the runtime file is not cached and the flag says "not ready".
      expect((await cachedRuntime(page)).some((url) => url.endsWith('.wasm'))).toBe(false);
      expect((await readStored(page)).flag).toBe(0);

      await page.evaluate(
        () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
      );
      await page.getByRole('button', { name: zhCN.retry }).click();
      await helloThenHome(page);
      expect(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);
      expect((await readStored(page)).flag).toBe(1);
    } finally {
      await close();
    }
  });

  it('survives a full disk: works from the network and says it cannot keep files', async () => {
    const net = await freshProxy();
    const { page, close } = await newSession(camera, SCREEN_RECORDER + QUOTA_EXHAUSTED);
    try {
      await page.goto(`${net.url}/?stats`);
      await page.getByRole('status').filter({ hasText: zhCN.storageUnavailable }).waitFor({
        timeout: 60_000,
      });
      await helloThenHome(page);
      await startCamera(page);
      await waitForStats(page, (s) => s.freshPoses >= 10 && s.face === 1);
      expect((await readStored(page)).model).toBeNull();
    } finally {
      await close();
    }
  });
});
