// No broken text, on every phone size: each screen a person meets (preparing, empty, a toast,
// a file playing with glasses worn and the PD badge, the badge's dialog, an error, 商家工具 with
// a file checked, About) at widths 320–430 and pixel ratios 1, 2 and 3, in Chinese and English,
// judged from the page's own boxes (text-fit.ts). Screenshots at 390×844 2× go to
// test-results/text-fit/, and at each size where a problem was found (pixel ratio 1).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { CDPSession, FileChooser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { en } from '../../src/i18n/en';
import { zhCN, type StringKey } from '../../src/i18n/zh-CN';
import { holdFaceModel, withApp } from './app-session';
import { prepareFixtures } from './fixtures.mjs';
import { DIST_DIR } from './media-helpers';
import { textProblemsInPage, type TextProblem } from './text-fit';

const fixtures = await prepareFixtures();
const file = fixtures.files[0]!;
/** Phone widths in CSS px, each with a common height for it. */
const SIZES = [
  [320, 568],
  [360, 780],
  [375, 667],
  [390, 844],
  [414, 896],
  [430, 932],
] as const;
const RATIOS = [1, 2, 3] as const;
const SHOTS = 'test-results/text-fit';
/** A catalogue frame, for 商家工具 to check beside a broken file. */
const GOOD_GLB = `${DIST_DIR}/models/002.glb`;

let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
  await mkdir(SHOTS, { recursive: true });
});
afterAll(() => server?.close());

/** In the page: two frames later (resize observers and React have caught up), the problems. */
const CHECK_AFTER_PAINT = (column?: string) =>
  `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    .then(() => (${textProblemsInPage.toString()})(${JSON.stringify(column)}))`;

/**
 * Checks one screen at every size and ratio; `again` brings back a screen that goes by itself
 * (a toast) when it has gone. Returns the problems, each with where it was seen.
 */
async function sweep(
  page: Page,
  cdp: CDPSession,
  screen: string,
  again?: () => Promise<void>,
): Promise<string[]> {
  const column = new URL(page.url()).pathname === '/home' ? '.model-grid' : undefined;
  // Through CDP: Playwright's own screenshot puts its viewport back first.
  const shoot = async (path: string) => {
    const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
    await writeFile(path, Buffer.from(data, 'base64'));
  };
  const found: string[] = [];
  for (const deviceScaleFactor of RATIOS) {
    for (const [width, height] of SIZES) {
      const metrics = { width, height, deviceScaleFactor, mobile: true };
      await cdp.send('Emulation.setDeviceMetricsOverride', metrics);
      await again?.();
      const problems = (await page.evaluate(CHECK_AFTER_PAINT(column))) as TextProblem[];
      const size = `${width}x${height}@${deviceScaleFactor}x`;
      for (const { kind, what } of problems) found.push(`${screen} ${size}: ${kind}: ${what}`);
      if (deviceScaleFactor === 2 && width === 390) await shoot(`${SHOTS}/${screen}.png`);
      else if (problems.length > 0 && deviceScaleFactor === 1) {
        await shoot(`${SHOTS}/${screen}-${size}.png`);
      }
    }
  }
  return found;
}

/** Brings `shown` back with `show` when it has gone (a toast lasts 2 s; a sweep, longer). */
const keep = (shown: Locator, show: () => Promise<unknown>) => async () => {
  if (!(await shown.isVisible())) {
    await show();
    await shown.waitFor();
  }
};

describe.concurrent.each([
  ['zh-CN', zhCN],
  ['en-US', en],
] as const)('no broken text in %s', (locale, strings) => {
  const say = (key: StringKey) => strings[key];
  it('on every screen, at every phone width and pixel ratio', async () => {
    const model = holdFaceModel();
    const found: string[] = [];
    await withApp(
      server.url,
      { path: '/home', locale, onContext: model.onContext },
      async ({ page, context }) => {
        const cdp = await context.newCDPSession(page);
        const check = async (screen: string, again?: () => Promise<void>) => {
          found.push(...(await sweep(page, cdp, `${locale.slice(0, 2)}-${screen}`, again)));
        };
        const openFile = async (files: Parameters<FileChooser['setFiles']>[0]) => {
          const chooser = page.waitForEvent('filechooser');
          await page.getByRole('button', { name: say('openVideoFile') }).click();
          await (await chooser).setFiles(files);
        };

        await page.getByRole('progressbar').first().waitFor({ timeout: 30_000 });
        await check('preparing');
        model.release();
        const cell = page.locator('.model-cell[data-serial="001"]');
        await page
          .getByRole('button', { name: say('cameraOn') })
          .and(page.locator(':enabled'))
          .waitFor({ timeout: 120_000 });
        await check('empty');
        const toast = page.getByRole('status').filter({ hasText: say('openCameraOrVideo') });
        await check(
          'toast',
          keep(toast, () => cell.click()),
        );

        await openFile(file.mp4);
        await cell.click({ timeout: 60_000 });
        await cell.and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: 60_000 });
        const badge = page.locator('.measure-badge');
        await badge.waitFor({ timeout: 60_000 });
        await page.locator('.fit-first').waitFor({ timeout: 30_000 });
        // Paused: the sweep needs the page's frames, not the tracker's.
        await page.getByRole('button', { name: say('pause') }).click();
        await check('file-worn');
        await badge.click();
        await check('badge-dialog');
        await page.getByRole('button', { name: say('measureClose') }).click();
        const refused = page.getByText(say('videoLoadFailed')).first();
        const notVideo = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no') };
        await check(
          'error',
          keep(refused, () => openFile(notVideo)),
        );

        await page
          .getByRole('link', { name: say('navAbout') })
          .first()
          .click();
        await check('about');
        await page.getByRole('link', { name: say('footerShopTools') }).click();
        await page.getByTestId('check-files').setInputFiles([
          { name: '002.glb', mimeType: 'model/gltf-binary', buffer: await readFile(GOOD_GLB) },
          { name: 'broken.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from('glTF') },
        ]);
        await expect.poll(() => page.getByTestId('check-card').count()).toBe(2);
        await page.locator('[data-testid=check-card] img').first().waitFor({ timeout: 60_000 });
        await check('check');
      },
    );
    expect(found).toEqual([]);
  });
});
