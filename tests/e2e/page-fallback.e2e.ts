// The page fallback runs the worker's very code on the page (where a worker cannot draw WebGL,
// as in WebKitGTK and iOS before 17). Forced here in Chromium so both paths run on every CI run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { DIST_DIR } from './media-helpers';
import {
  compareGlassesAtEyes,
  readStats,
  selectGlasses,
  startCamera,
  waitForStats,
} from './app-page';
import { withApp } from './app-session';
import { prepareFixtures } from './fixtures.mjs';

const fixtures = await prepareFixtures();
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

describe('engine paths', () => {
  it('picks the worker where it can draw', async () => {
    await withApp(server.url, { cameraY4m: fixtures.cameras[0]!.y4m }, async ({ page }) => {
      await startCamera(page);
      await waitForStats(page, (s) => s.face === 1);
      expect(await page.getByTestId('pipeline-stats').getAttribute('data-path')).toBe('worker');
    });
  });

  it('tracks, wears glasses at the eyes and takes a photo on the page path', async () => {
    const options = { cameraY4m: fixtures.cameras[0]!.y4m, path: '/home?stats&engine=page' };
    await withApp(server.url, options, async ({ page }) => {
      const chunks: string[] = [];
      page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
      await startCamera(page);
      await waitForStats(page, (s) => s.face === 1 && s.freshPoses > 10);
      expect(await page.getByTestId('pipeline-stats').getAttribute('data-path')).toBe('page');
      expect(chunks.some((p) => /\/assets\/page-engine-/.test(p))).toBe(true);
      expect(chunks.some((p) => /try-on\.worker/.test(p))).toBe(false);
      await selectGlasses(page, '002');
      await waitForStats(page, (s) => s.face === 1);
      const cmp = await compareGlassesAtEyes(page);
      expect(cmp.eyes).toBeGreaterThan(5);
      expect(cmp.corner).toBeLessThan(1);
      const before = (await readStats(page)).freshPoses;
      await expect.poll(async () => (await readStats(page)).freshPoses).toBeGreaterThan(before + 5);
      const photo = page.waitForEvent('download');
      await page.getByRole('button', { name: '拍照' }).click();
      expect((await photo).suggestedFilename()).toBe('merged-screenshot.png');
    });
  });
});
