// A worker that dies (closed from inside, as a crash or an out-of-memory kill leaves it) is noticed
// and replaced without a reload: the source keeps playing, the glasses come back, tracking
// resumes, nothing stored is lost; a crash loop waits longer each time and says so.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import {
  compareGlassesAtEyes,
  engineSerial,
  hasModelDbRecord,
  readStats,
  startCamera,
} from './app-page';
import { withApp } from './app-session';
import { prepareFixtures } from './fixtures.mjs';
import { chooseFile, DIST_DIR, waitForSettled, wearGlasses } from './media-helpers';

const fixtures = await prepareFixtures();
const camera = fixtures.cameras[0]!;
const file = fixtures.files[0]!;

let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

/** Ends the named worker from inside, as a crash would: no event reaches the page. */
async function killWorker(page: Page, name: RegExp): Promise<void> {
  const worker = page.workers().find((w) => name.test(w.url()));
  if (!worker) throw new Error(`no worker matching ${name}`);
  await worker.evaluate(() => void setTimeout(() => self.close(), 0));
}

interface Recovery {
  noticedMs: number;
  trackingMs: number;
  message: string;
}

/**
 * Waits for the chosen glasses to be at the eyes again: the new engine loads their model anew
 * (parse, fit, shaders) beside tracking, so they may come a little after the face. Returns how
 * many pictures it took (each capture pair takes about a second here).
 */
async function glassesBack(page: Page): Promise<number> {
  let pictures = 0;
  await expect
    .poll(async () => (pictures++, (await compareGlassesAtEyes(page)).eyes), {
      timeout: 15_000,
      interval: 250,
    })
    .toBeGreaterThan(8);
  return pictures;
}

/** Kills a worker and times the page's notice and the new engine's first tracked face. */
async function killAndTime(page: Page, name: RegExp): Promise<Recovery> {
  const before = await engineSerial(page);
  const alert = page.getByRole('alert');
  const start = Date.now();
  await killWorker(page, name);
  await alert.waitFor({ timeout: 10_000 });
  const noticedMs = Date.now() - start;
  const message = (await alert.textContent()) ?? '';
  await expect
    .poll(async () => (await engineSerial(page)) > before && (await readStats(page)).face === 1, {
      timeout: 60_000,
      interval: 50,
    })
    .toBe(true);
  const trackingMs = Date.now() - start;
  await alert.waitFor({ state: 'detached', timeout: 10_000 });
  return { noticedMs, trackingMs, message };
}

describe('worker crash recovery', () => {
  it('restarts the engine after each worker death, backs off a loop, keeps source and glasses', async () => {
    await withApp(server.url, { cameraY4m: camera.y4m }, async ({ page }) => {
      await startCamera(page);
      await wearGlasses(page, '002');
      await waitForSettled(page);
      const worn = page.locator('.model-cell[data-serial="002"][aria-pressed="true"]');

      // 1: the try-on worker dies while recording; restarted at once, the lost recording said.
      await page.getByRole('button', { name: '开始录像' }).click();
      await page.getByRole('button', { name: '停止录像' }).waitFor();
      const lost = page
        .getByText('试戴引擎意外停止，这段录像已中断，请重新录制')
        .waitFor({ timeout: 20_000 });
      const first = await killAndTime(page, /try-on\.worker/);
      await lost;
      expect(await page.getByRole('button', { name: '开始录像' }).count()).toBe(1);
      expect(first.message).toBe('试戴引擎意外停止，正在重新启动...');
      expect(await page.getByRole('button', { name: '关闭摄像头' }).count()).toBe(1);
      expect(await worn.count()).toBe(1);
      const glasses = [await glassesBack(page)];

      // 2: the tracking worker dies (the try-on worker ends with it); a second death within the
      // loop window waits 2 s and says so.
      const second = await killAndTime(page, /track\.worker/);
      expect(second.message).toBe('试戴引擎反复出错，2 秒后重试...');
      glasses.push(await glassesBack(page));

      // 3: in file mode, 5 s; the file keeps playing and is tracked again.
      await chooseFile(page, file.mp4);
      await page.getByRole('slider').first().waitFor({ timeout: 30_000 });
      await waitForSettled(page, 5);
      const third = await killAndTime(page, /try-on\.worker/);
      expect(third.message).toBe('试戴引擎反复出错，5 秒后重试...');
      // Playing; it may be in the 100 ms pause at the end of its loop (the 10 s file is near its
      // end by now), so within a second.
      await expect
        .poll(() => page.evaluate(() => document.querySelector('video')!.paused), {
          timeout: 1_000,
        })
        .toBe(false);
      expect(await worn.count()).toBe(1);
      glasses.push(await glassesBack(page));
      expect(await hasModelDbRecord(page, 'models/002.glb')).toBe(true);

      console.log(
        'recovery (noticed / tracking again, ms):',
        [first, second, third].map((r) => `${r.noticedMs} / ${r.trackingMs}`).join(', '),
        '; pictures until the glasses were at the eyes:',
        glasses.join(', '),
      );
      // Noticed within 1 s every time: the lock is granted as the worker ends (43–153 ms here,
      // 503 ms with a second test run beside it). How soon tracking is back (2.3–2.7 s after a
      // restart at once) is the bench's to report (`npm run bench`, recovery row), not a timed
      // assertion that a busy CI machine would make flaky.
      for (const r of [first, second, third]) expect(r.noticedMs).toBeLessThan(1000);
      expect(second.trackingMs).toBeGreaterThan(2000);
      expect(third.trackingMs).toBeGreaterThan(5000);
    });
  });
});
