// What a phone does to a page left open: rotates it, and (rarely) resets the GPU. Each time the
// try-on comes back by itself, with the glasses on. (A download that never ends:
// late-occluder.e2e.ts.)
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { KEY_ENV_CUBE } from '../../src/shared/storage-constants';
import { compareGlassesAtEyes, drawsAgain, engineSerial, startCamera } from './app-page';
import { zhCN } from '../../src/i18n/zh-CN';
import { withApp } from './app-session';
import { prepareFixtures } from './fixtures.mjs';
import { DIST_DIR, waitForSettled, wearGlasses } from './media-helpers';

const fixtures = await prepareFixtures();
const camera = fixtures.cameras[0]!;

let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

/** Counts the page's writes of the prefiltered environment cube to ModelDB. */
const COUNT_CUBE_WRITES = `(() => {
  window.__cubeWrites = 0;
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, ...rest) {
    if (value && value.key === ${JSON.stringify(KEY_ENV_CUBE)}) window.__cubeWrites++;
    return put.call(this, value, ...rest);
  };
})();`;
const cubeWrites = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cubeWrites: number }).__cubeWrites);

describe('page lifecycle', () => {
  it('replaces the engine when its WebGL context is lost, glasses and camera kept', async () => {
    const options = { cameraY4m: camera.y4m, initScript: COUNT_CUBE_WRITES };
    await withApp(server.url, options, async ({ page }) => {
      await startCamera(page);
      await wearGlasses(page, '003');
      await waitForSettled(page);
      // Software GL here: the first engine prefiltered the environment on the CPU and kept it.
      await expect.poll(() => cubeWrites(page), { timeout: 10_000 }).toBe(1);
      const before = await engineSerial(page);
      // Through the real WEBGL_lose_context extension, as a GPU reset does. (Headless Chromium
      // here neither crashes its GPU process on chrome://gpucrash nor hides or freezes a page.)
      await page.evaluate(() =>
        (window as unknown as { __tryOn: { loseContext(): Promise<void> } }).__tryOn.loseContext(),
      );
      await expect
        .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
        .toBe('图形环境丢失，正在恢复...');
      await expect.poll(() => engineSerial(page), { timeout: 60_000 }).toBeGreaterThan(before);
      await drawsAgain(page);
      await page.getByRole('alert').waitFor({ state: 'detached', timeout: 10_000 });
      expect(await page.getByRole('button', { name: '关闭摄像头' }).count()).toBe(1);
      // The glasses come back once their shaders have linked in the new context (on software GL
      // that waits ~1.5 s with the frames going on, workers/render/shader-links.ts).
      await expect
        .poll(async () => (await compareGlassesAtEyes(page)).eyes, { timeout: 20_000 })
        .toBeGreaterThan(8);
      // The new engine took the kept cube instead of computing (and writing) it again, and has
      // its environment (a missing one is named on screen).
      expect(await cubeWrites(page)).toBe(1);
      expect(await page.getByText(zhCN.sceneEnvironment, { exact: false }).count()).toBe(0);
    });
  });

  it('follows a rotation to landscape and back', async () => {
    await withApp(server.url, { cameraY4m: camera.y4m }, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await startCamera(page);
      await wearGlasses(page, '002');
      await waitForSettled(page);
      const view = page.locator('.view');
      for (const [width, height] of [
        [844, 390],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expect
          .poll(async () => Math.round((await view.boundingBox())?.width ?? 0), { timeout: 10_000 })
          .toBeLessThanOrEqual(width);
        await drawsAgain(page);
        expect((await compareGlassesAtEyes(page)).eyes).toBeGreaterThan(8);
      }
    });
  });
});
