import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareFixtures } from './fixtures.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { DIST_DIR } from './media-helpers';
import {
  compareGlassesAtEyes,
  hasModelDbRecord,
  putModelDbRecord,
  selectGlasses,
  startCamera,
  waitForStats,
} from './app-page';
import { withApp } from './app-session';

const fixtures = await prepareFixtures();
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

describe('catalogue grid', () => {
  it('follows the tap rules, persists status, replaces and cancels glasses', async () => {
    await withApp(server.url, { cameraY4m: fixtures.cameras[0]!.y4m }, async ({ page }) => {
      const cells = page.locator('.model-cell');
      await expect.poll(() => cells.count()).toBeGreaterThanOrEqual(8);
      // No camera, no video: a toast and nothing else.
      await page.locator('.model-cell[data-serial="002"]').click();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toContain('请打开摄像头或视频');
      expect(await page.locator('.model-cell[data-serial="002"]').getAttribute('data-status')).toBe(
        'not-downloaded',
      );
      await startCamera(page);
      await selectGlasses(page, '002');
      // Worn first, then stored: on a busy machine the status may follow a moment later.
      await expect
        .poll(() => page.locator('.model-cell[data-serial="002"]').getAttribute('data-status'))
        .toBe('downloaded');
      // A second model replaces the first.
      await selectGlasses(page, '003');
      expect(await page.locator('.model-cell[aria-pressed="true"]').count()).toBe(1);
      // Cancel effect removes the glasses: the picture no longer differs at the eyes.
      await waitForStats(page, (s) => s.face === 1);
      expect((await compareGlassesAtEyes(page)).eyes).toBeGreaterThan(8);
      await page.getByRole('button', { name: '取消效果' }).click();
      await expect.poll(() => page.locator('.model-cell[aria-pressed="true"]').count()).toBe(0);
      await waitForStats(page, (s) => s.face === 1);
      expect((await compareGlassesAtEyes(page)).eyes).toBeLessThan(0.5);
      // A stored model takes a moment to put on: its cell says so until the glasses are on.
      await page.evaluate(watchCell, '002');
      await selectGlasses(page, '002');
      const cell = page.locator('.model-cell[data-serial="002"]');
      await expect.poll(() => cell.getAttribute('data-wearing')).toBe('false');
      const states = await page.evaluate(() => (window as unknown as CellWatch).__cellStates);
      expect(states).toContain('wearing true, busy true, 正在戴上, pressed false');
      expect(await cellState(cell)).toBe('wearing false, busy false, 已下载, pressed true');
      // The status map survives a reload.
      await page.reload();
      await expect
        .poll(() => page.locator('.model-cell[data-serial="002"]').getAttribute('data-status'))
        .toBe('downloaded');
      expect(await page.locator('.model-cell[data-serial="004"]').getAttribute('data-status')).toBe(
        'not-downloaded',
      );
    });
  });

  it('stops a download that a later tap supersedes; it stores nothing', async () => {
    await withApp(
      server.url,
      { cameraY4m: fixtures.cameras[0]!.y4m },
      async ({ page, context }) => {
        await startCamera(page);
        // 007's file is held on the wire until the test lets it go.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        let asked = false;
        // The context's route sees the service worker's fetches too.
        await context.route('**/007.glb', async (route) => {
          asked = true;
          await held;
          await route.continue().catch(() => {});
        });
        const status = (serial: string) =>
          page.locator(`.model-cell[data-serial="${serial}"]`).getAttribute('data-status');
        await page.locator('.model-cell[data-serial="007"]').click();
        await expect.poll(() => asked).toBe(true);
        expect(await status('007')).toBe('downloading');
        // Another model while 007 is still on its way: 007's download stops at once.
        await selectGlasses(page, '008');
        await expect.poll(() => status('007'), { timeout: 5_000 }).toBe('not-downloaded');
        release();
        await page.waitForTimeout(1_000);
        expect(await status('007')).toBe('not-downloaded');
        expect(await hasModelDbRecord(page, 'models/007.glb')).toBe(false);
        expect(await hasModelDbRecord(page, 'models/008.glb')).toBe(true);
        expect(
          await page.locator('.model-cell[aria-pressed="true"]').getAttribute('data-serial'),
        ).toBe('008');
      },
    );
  });

  it('fetches a stored model again when it fails its hash, and keeps working', async () => {
    await withApp(server.url, { cameraY4m: fixtures.cameras[0]!.y4m }, async ({ page }) => {
      // A corrupt download never lands (size and hash are checked first), so corrupt the stored
      // copy instead, the way a damaged disk would.
      await startCamera(page);
      await selectGlasses(page, '004');
      await selectGlasses(page, '005');
      await putModelDbRecord(page, 'models/004.glb', 'not a glb');
      expect(await storedSize(page, 'models/004.glb')).toBe(9);
      // Checked against the manifest's SHA-256 before it loads: dropped and downloaded afresh.
      await selectGlasses(page, '004');
      const manifest = JSON.parse(await readFile(join('dist', 'others/manifest.json'), 'utf8')) as {
        value: string;
        size: number;
      }[];
      const published = manifest.find((e) => e.value === 'models/004.glb')!.size;
      await expect.poll(() => storedSize(page, 'models/004.glb')).toBe(published);
      expect(await page.getByRole('status').filter({ hasText: '眼镜模型加载失败' }).count()).toBe(
        0,
      );
      await selectGlasses(page, '006');
    });
  });

  // One camera: each model's fit is proven in the unit corpus; here, that the app draws it there.
  // The pipeline suite covers every camera with one model.
  describe('every built-in model sits on the eyes', () => {
    const camera = fixtures.cameras[0]!;
    it(`draws each model at the eyes (${camera.name})`, async () => {
      await withApp(server.url, { cameraY4m: camera.y4m }, async ({ page }) => {
        await startCamera(page);
        const serials = await page
          .locator('.model-cell')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-serial')!));
        for (const serial of serials) {
          await selectGlasses(page, serial);
          await waitForStats(page, (s) => s.face === 1);
          // A thin rimless frame on a frame where the head tips away changes few pixels: up to
          // three pictures, half a second apart (glasses off the eyes fail on every one).
          let cmp = await compareGlassesAtEyes(page);
          for (let retry = 0; retry < 2 && cmp.eyes <= 5; retry++) {
            await page.waitForTimeout(500);
            cmp = await compareGlassesAtEyes(page);
          }
          expect(cmp.eyes, `model ${serial}`).toBeGreaterThan(5);
          expect(cmp.corner, `model ${serial}`).toBeLessThan(1);
        }
      });
    });
  });
});

/** The byte size of a ModelDB record (Blob or bytes), read with the raw IndexedDB API. */
function storedSize(page: Page, key: string): Promise<number | null> {
  return page.evaluate(async (key) => {
    const open = indexedDB.open('ModelDB');
    const db: IDBDatabase = await new Promise((ok, fail) => {
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    const record = await new Promise<{ data: Blob | ArrayBuffer } | undefined>((ok, fail) => {
      const request = db.transaction('models').objectStore('models').get(key);
      request.onsuccess = () => ok(request.result as { data: Blob | ArrayBuffer } | undefined);
      request.onerror = () => fail(request.error);
    });
    db.close();
    if (!record) return null;
    return record.data instanceof Blob ? record.data.size : record.data.byteLength;
  }, key);
}

interface CellWatch {
  __cellStates: string[];
  __describeCell: (cell: Element) => string;
}

/** The watched cell's state now, described as watchCell records it. */
function cellState(cell: Locator): Promise<string> {
  return cell.evaluate((el) => (window as unknown as CellWatch).__describeCell(el));
}

/**
 * Records every state a cell passes through (putting on may last only a few frames) as one line:
 * putting on, busy, its status icon's label, pressed.
 */
function watchCell(serial: string): void {
  const cell = document.querySelector(`.model-cell[data-serial="${serial}"]`)!;
  const describe = (cell: Element) => {
    const label = cell.querySelector('.status-icon')?.getAttribute('aria-label');
    return (
      `wearing ${cell.getAttribute('data-wearing')}, busy ${cell.getAttribute('aria-busy')},` +
      ` ${label}, pressed ${cell.getAttribute('aria-pressed')}`
    );
  };
  const states: string[] = [];
  Object.assign(window, { __cellStates: states, __describeCell: describe });
  new MutationObserver(() => states.push(describe(cell))).observe(cell, {
    attributes: true,
    childList: true,
    subtree: true,
  });
}
