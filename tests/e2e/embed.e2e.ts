// The try-on inside a shop's page (`?embed`), as docs/embed-example.html puts it there: a listed
// shop hears `ready`, `worn` and `photo` and is obeyed when it asks to `wear` a frame; a page not
// on the list cannot frame the app, and where a host lets it frame the app anyway, it hears
// nothing and is not obeyed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { zhCN } from '../../src/i18n/zh-CN';
import { withApp } from './app-session';
import { prepareFixtures } from './fixtures.mjs';
import { DIST_DIR, pngSize } from './media-helpers';
import { framing, shopPage, type Served } from './shop-page';

/** The listed shop: the tests' build is made with VITE_EMBED_ORIGINS set to it (package.json). */
const SHOP_PORT = 47311;
const SHOP = `http://localhost:${SHOP_PORT}`;
const camera = (await prepareFixtures()).cameras[0]!;

let app: Served;
let shop: Served;
let stranger: Served;
/** An app host that lets the stranger frame it (a host misconfigured, or the list out of date). */
let lax: Served;
beforeAll(async () => {
  shop = await shopPage(SHOP_PORT);
  stranger = await shopPage(0);
  app = await startServer({ dir: DIST_DIR, port: 0, embedOrigins: [SHOP] });
  lax = await startServer({ dir: DIST_DIR, port: 0, embedOrigins: [stranger.url] });
});
afterAll(async () => {
  await Promise.all([app, lax, shop, stranger].map((served) => served?.close()));
});

type Heard = { type: string; serialNo?: string; blob?: string };
/** What the shop page heard so far (a photo's Blob as its type and size). */
const events = (page: Page): Promise<Heard[]> =>
  page.evaluate(() =>
    (window as unknown as { tryOnEvents: Record<string, unknown>[] }).tryOnEvents.map((e) => ({
      ...e,
      type: String(e.type),
      blob: e.blob instanceof Blob ? `${e.blob.type} ${e.blob.size}` : undefined,
    })),
  );
const heard = (page: Page, type: string, serialNo?: string) =>
  expect
    .poll(
      async () =>
        (await events(page)).some((e) => e.type === type && (!serialNo || e.serialNo === serialNo)),
      {
        timeout: 90_000,
        message: `the shop page to hear ${type} ${serialNo ?? ''}`,
      },
    )
    .toBe(true);

describe("inside a shop's page (?embed)", () => {
  it('talks with a listed shop, and with nobody else', async () => {
    await withApp(
      app.url,
      { cameraY4m: camera.y4m, path: framing(shop, app.url) },
      async ({ page }) => {
        const frame = page.frameLocator('#try-on');
        await heard(page, 'ready');
        // The try-on alone: no site header or footer.
        expect(await frame.locator('.site.embed').count()).toBe(1);
        expect(await frame.locator('.site-header, .site-footer').count()).toBe(0);
        // The link's frame (001) goes on with the camera; then the one the shop asks for.
        await frame.getByRole('button', { name: zhCN.cameraOn }).click({ timeout: 60_000 });
        await heard(page, 'worn', '001');
        await page.getByRole('button', { name: /试戴此款/ }).click();
        await heard(page, 'worn', '003');
        const cell = frame.locator('.model-cell[data-serial="003"]');
        expect(await cell.getAttribute('aria-pressed')).toBe('true');
        // The photo reaches the shop's page only when the person sends it, asked in the frame
        // with the shop's origin; then as a PNG, at 2× the camera's picture.
        await frame.getByRole('button', { name: zhCN.takePhoto }).click();
        const ask = frame.getByRole('dialog', { name: zhCN.photoReady });
        await expect
          .poll(() => ask.locator('.file-offer-title').textContent(), { timeout: 30_000 })
          .toBe(zhCN.sendPhotoToShop.replace('{origin}', SHOP));
        await page.waitForTimeout(1000);
        expect((await events(page)).map((e) => e.type)).not.toContain('photo');
        await ask.getByRole('button', { name: zhCN.send, exact: true }).click();
        await heard(page, 'photo');
        const png = await page.evaluate(async () => {
          const list = (window as unknown as { tryOnEvents: { type: string; blob?: Blob }[] })
            .tryOnEvents;
          const blob = list.find((e) => e.type === 'photo')!.blob!;
          return {
            type: blob.type,
            bytes: [...new Uint8Array(await blob.slice(0, 32).arrayBuffer())],
          };
        });
        expect(png.type).toBe('image/png');
        expect(pngSize(Buffer.from(png.bytes))).toEqual({
          width: camera.width * 2,
          height: camera.height * 2,
        });
        await page.screenshot({ path: 'test-results/embed-shop-page.png', fullPage: true });

        // A page not on the list cannot frame the app (frame-ancestors): the frame is refused.
        await page.goto(framing(stranger, app.url));
        await expect
          .poll(() => page.frames()[1]?.url() ?? '', { timeout: 15_000 })
          .toMatch(/^chrome-error:/);
        expect(await events(page)).toEqual([]);

        // Framed anyway by a lax host, the app is ready and worn, yet tells the stranger nothing
        // and does not wear what it asks for.
        await page.goto(framing(stranger, lax.url));
        const laxFrame = page.frameLocator('#try-on');
        await laxFrame.getByRole('button', { name: zhCN.cameraOn }).click({ timeout: 90_000 });
        const first = laxFrame.locator('.model-cell[data-serial="001"]');
        await first.and(laxFrame.locator('[aria-pressed="true"]')).waitFor({ timeout: 60_000 });
        await page.getByRole('button', { name: /试戴此款/ }).click();
        await page.waitForTimeout(2000);
        expect(
          await laxFrame.locator('.model-cell[data-serial="003"]').getAttribute('aria-pressed'),
        ).toBe('false');
        expect(await events(page)).toEqual([]);
      },
    );
  });
});
