// A shop's manifest that is broken, huge or hostile: the grid keeps the built-in styles (or the
// valid entries), says so in Chinese, shows labels as text, requests nothing off the origin and
// leaves what is stored alone. A material file that is broken or has values of the wrong type:
// the glasses are worn all the same and the toast says what was not used. The files are answered
// by the test (service worker blocked, so that every request reaches the route).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { DIST_DIR } from './media-helpers';
import { zhCN } from '../../src/i18n/zh-CN';
import { MANIFEST_MAX_BYTES } from '../../src/shared/storage-constants';
import { prepareFixtures } from './fixtures.mjs';
import { hasModelDbRecord, putModelDbRecord, selectGlasses, startCamera } from './app-page';
import { withApp } from './app-session';

const fixtures = await prepareFixtures();
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

const HOSTILE_LABEL = '<img src=x onerror=window.__pwned=1>';

/** The toast's text, once it says `text` (toasts last 2 s; polled every 100 ms). */
async function expectToast(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => (await page.getByRole('status').textContent()) ?? '')
    .toContain(text);
}

describe('a bad manifest', () => {
  it('keeps the built-in list or the valid entries, says so, and leaves storage alone', async () => {
    const good = JSON.parse(await readFile(join('dist', 'others/manifest.json'), 'utf8')) as {
      value: string;
      text: string;
    }[];
    // The build's manifest lists the built-in styles.
    const builtIn = good.length;
    let body = '';
    const offOrigin: string[] = [];
    await withApp(
      server.url,
      {
        device: { serviceWorkers: 'block' },
        onContext: async (context) => {
          context.on('request', (request) => {
            if (!request.url().startsWith(server.url) && !request.url().startsWith('data:'))
              offOrigin.push(request.url());
          });
          await context.route('**/others/manifest.json', (route) =>
            route.fulfill({ status: 200, contentType: 'application/json', body }),
          );
        },
      },
      async ({ page }) => {
        const cells = page.locator('.model-cell');
        // Something stored before: no manifest may take it away.
        await expect.poll(() => cells.count()).toBe(builtIn);
        await putModelDbRecord(page, 'models/002.glb', 'stored before');

        const overCap = Math.ceil((1.2 * MANIFEST_MAX_BYTES) / JSON.stringify(good[0]).length);
        const variants: [string, string][] = [
          ['not JSON', '[{"value": "models/001.glb",'],
          ['not an array', JSON.stringify({ value: 'models/001.glb', serialNo: '1', text: 'x' })],
          // A fifth over the cap: refused as soon as it shows, never parsed.
          ['huge', JSON.stringify(Array.from({ length: overCap }, () => good[0]))],
        ];
        for (const [name, text] of variants) {
          body = text;
          await page.reload();
          await expectToast(page, zhCN.catalogueUnusable);
          expect(await cells.count(), name).toBe(builtIn);
        }

        // Hostile entries are left out; the valid one stays, its markup shown as text.
        body = JSON.stringify([
          { ...good[0], text: HOSTILE_LABEL },
          { ...good[1], value: '../../secret.glb' },
          { ...good[2], value: 'https://evil.example/x.glb' },
          { ...good[3], previewIcon: '//evil.example/x.svg' },
        ]);
        await page.reload();
        await expectToast(page, zhCN.catalogueSkipped.replace('{count}', '3'));
        await expect.poll(() => cells.count()).toBe(1);
        expect(await cells.first().locator('.label').textContent()).toBe(HOSTILE_LABEL);
        expect(await page.locator('img[src="x"]').count()).toBe(0);
        expect(await page.evaluate(() => '__pwned' in window)).toBe(false);

        expect(await hasModelDbRecord(page, 'models/002.glb')).toBe(true);
        expect(offOrigin).toEqual([]);
      },
    );
  });
});

describe('a bad material file', () => {
  it('wears the glasses with their own materials and says what it could not use', async () => {
    const real = await readFile(join('dist', 'materials/003.json'), 'utf8');
    const wrongTypes = (JSON.parse(real) as Record<string, unknown>[]).map((item) =>
      item.modelArrayOrder === 'frame' ? { ...item, metalness: 'shiny', color: 42 } : item,
    );
    const bodies: Record<string, string> = {
      'materials/002.json': '[{"modelArrayOrder": "frame",',
      'materials/003.json': JSON.stringify(wrongTypes),
    };
    await withApp(
      server.url,
      {
        cameraY4m: fixtures.cameras[0]!.y4m,
        device: { serviceWorkers: 'block' },
        onContext: async (context) => {
          const path = (url: URL) => url.pathname.slice(1);
          await context.route(
            (url) => path(url) in bodies,
            (route) =>
              route.fulfill({
                status: 200,
                contentType: 'application/json',
                body: bodies[path(new URL(route.request().url()))],
              }),
          );
        },
      },
      async ({ page }) => {
        await startCamera(page);
        await selectGlasses(page, '002');
        await expectToast(page, zhCN.materialFileUnusable);
        await selectGlasses(page, '003');
        await expectToast(page, zhCN.materialFieldsRefused.replace('{count}', '2'));
        // Worn and stored all the same; the refused fields never reach the material.
        await expect.poll(() => hasModelDbRecord(page, 'models/003.glb')).toBe(true);
        expect(await hasModelDbRecord(page, 'models/002.glb')).toBe(true);
      },
    );
  });
});
