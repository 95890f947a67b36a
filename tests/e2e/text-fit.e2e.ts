// No broken text, on every phone size: each screen a person meets (preparing, empty, a toast,
// a file playing with glasses worn and the PD badge, the badge's dialog, 全部试戴 and its
// comparison, an error, 商家工具 with
// a file checked, About) at widths 320–430, at pixel ratio 3 in Chinese and 2 in English,
// judged from the page's own boxes (text-fit.ts). Screenshots at 390×844 and 320×568 go to
// test-results/text-fit/, and at each size where a problem was found.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { CDPSession, FileChooser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
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
/**
 * Pixel ratios swept: 3× in Chinese, the product's language, 2× in English (the two phone
 * ratios; 1×, 2× and 3× in both languages took 70–130 s of CI beside other files, and were the
 * longest step at the end of it). Text boxes scale alike at every ratio; rounding differs a little.
 */
const RATIOS = { 'zh-CN': [3], 'en-US': [2] } as const;
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
  ratios: readonly number[],
  again?: () => Promise<void>,
): Promise<string[]> {
  const column = new URL(page.url()).pathname === '/home' ? '.model-grid' : undefined;
  // Through CDP: Playwright's own screenshot puts its viewport back first.
  const shoot = async (path: string) => {
    const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
    await writeFile(path, Buffer.from(data, 'base64'));
  };
  const found: string[] = [];
  for (const deviceScaleFactor of ratios) {
    for (const [width, height] of SIZES) {
      const metrics = { width, height, deviceScaleFactor, mobile: true };
      await cdp.send('Emulation.setDeviceMetricsOverride', metrics);
      await again?.();
      const problems = (await page.evaluate(CHECK_AFTER_PAINT(column))) as TextProblem[];
      const size = `${width}x${height}@${deviceScaleFactor}x`;
      for (const { kind, what } of problems) found.push(`${screen} ${size}: ${kind}: ${what}`);
      // The common phone and the narrowest one, where text breaks first.
      if (deviceScaleFactor === ratios[0] && (width === 390 || width === 320)) {
        await shoot(`${SHOTS}/${screen}-${width}.png`);
      } else if (problems.length > 0) {
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

/**
 * Each language arrives from a shop's link (`/home?glasses=`): Chinese to frame 008, whose cell
 * is below the fold; English to a frame this catalogue lacks. Both notices are swept with the
 * rest; what the links themselves must do is checked on the way.
 */
describe.concurrent.each([
  { locale: 'zh-CN', strings: zhCN, link: '008' },
  { locale: 'en-US', strings: en, link: 'models/no-such-frame.glb' },
] as const)('no broken text in $locale', ({ locale, strings, link }) => {
  const say = (key: StringKey) => strings[key];
  const linkFound = link === '008';
  // Side by side, each test asserts with its own `expect` (vitest's rule for concurrent tests).
  it(`on every screen, at every phone width (arriving from ?glasses=${link})`, async ({
    expect,
  }) => {
    const model = holdFaceModel();
    const found: string[] = [];
    await withApp(
      server.url,
      { path: `/home?glasses=${encodeURIComponent(link)}`, locale, onContext: model.onContext },
      async ({ page, context }) => {
        const cdp = await context.newCDPSession(page);
        const check = async (screen: string, again?: () => Promise<void>) => {
          const name = `${locale.slice(0, 2)}-${screen}`;
          found.push(...(await sweep(page, cdp, name, RATIOS[locale], again)));
        };
        const openFile = async (files: Parameters<FileChooser['setFiles']>[0]) => {
          const chooser = page.waitForEvent('filechooser');
          await page.getByRole('button', { name: say('openVideoFile') }).click();
          await (await chooser).setFiles(files);
        };

        await page.getByRole('progressbar').first().waitFor({ timeout: 30_000 });
        const linked = page.locator('.model-cell[data-serial="008"]');
        const notice = page.locator('.link-notice');
        if (linkFound) {
          // Chosen and scrolled into view (above the control bar), waiting for a source.
          await notice.getByText(strings.linkedWaiting.split('“')[0]!).waitFor();
          expect(await linked.getAttribute('data-linked')).toBe('true');
          const box = await linked.evaluate((el) => el.getBoundingClientRect().toJSON());
          const bar = await page
            .locator('.controls')
            .evaluate((el) => el.getBoundingClientRect().top);
          expect(box.top).toBeGreaterThanOrEqual(0);
          expect(box.bottom).toBeLessThanOrEqual(bar + 1);
        } else {
          await notice.getByText(link).waitFor({ timeout: 30_000 });
          expect(await notice.getAttribute('data-found')).toBe('false');
        }
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
        // The linked frame goes on by itself; without one, the grid works as ever.
        const worn = linkFound ? linked : cell;
        if (!linkFound) await cell.click({ timeout: 60_000 });
        await worn.and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: 60_000 });
        if (linkFound) expect(await notice.count()).toBe(0);
        const badge = page.locator('.measure-badge');
        await badge.waitFor({ timeout: 60_000 });
        await page.locator('.fit-first').waitFor({ timeout: 30_000 });
        // Paused: the sweep needs the page's frames, not the tracker's.
        await page.getByRole('button', { name: say('pause') }).click();
        await check('file-worn');
        await badge.click();
        await check('badge-dialog');
        await page.getByRole('button', { name: say('measureClose') }).click();
        // 全部试戴 on the paused picture, then two of its frames compared.
        await page.locator('.try-all').click();
        const sheet = page.locator('.try-all-sheet');
        await expect
          .poll(() => sheet.locator('li[data-state="done"]').count(), { timeout: 120_000 })
          .toBe(await sheet.locator('.try-all-grid li').count());
        await check('try-all');
        await sheet.locator('.try-all-cell').nth(0).click();
        await sheet.locator('.try-all-cell').nth(1).click();
        await sheet.locator('.try-all-compare').click();
        await sheet.locator('.compare-grid').waitFor();
        await check('compare');
        await sheet.locator('.try-all-close').click();
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
