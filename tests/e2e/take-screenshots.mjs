// Phone-size screenshots for the README: Loading, Home before a source is on, tracking with
// glasses, the grid scrolled under the picture, a photo ready to share, 全部试戴 and its
// comparison, About; and a wide Home;
// 商家工具 (/check) on a phone (three files checked) and on a desktop (one worn live).
// Run after `npm run build`: node tests/e2e/take-screenshots.mjs
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { launchChromium } from './browser.mjs';
import { makeBadFiles, makeVariants } from '../corpus/glasses-variants.mjs';
import { prepareFixtures } from './fixtures.mjs';

const OUT = new URL('./screenshots/', import.meta.url);
const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 1,
};

/** Files for the shop page: a good one, a centimetre re-export, two pairs in one file (refused). */
async function checkFiles() {
  const dir = await mkdtemp(join(tmpdir(), 'shots-'));
  const original = new Uint8Array(await readFile('public/models/002.glb'));
  const variants = await makeVariants(original);
  const bad = await makeBadFiles(original);
  const picked = [
    ['002.glb', original],
    ['frame-cm.glb', variants.find((v) => v.name === 'cm')?.glb],
    ['two-pairs.glb', bad.find((b) => b.name === 'two-pairs.glb')?.bytes],
  ];
  const paths = [];
  for (const [name, bytes] of picked) {
    if (!bytes) throw new Error(`corpus has no ${name}`);
    paths.push(join(dir, name));
    await writeFile(paths.at(-1), bytes);
  }
  return paths;
}

const fixtures = await prepareFixtures();
const server = await startServer({ dir: 'dist', port: 0 });
const browser = await launchChromium({ cameraY4m: fixtures.cameras.at(-1).y4m });
try {
  await mkdir(OUT, { recursive: true });
  const context = await browser.newContext({ locale: 'zh-CN', ...PHONE });
  const page = await context.newPage();
  // Slow the runtime download a little so the progress bar is caught mid-way.
  await page.route('**/vision_wasm_module_internal.wasm', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(new URL('/', server.url).href);
  await page.getByRole('progressbar').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: new URL('loading.png', OUT).pathname });
  await page.waitForURL(/\/home/, { timeout: 120_000 });
  await page.goto(new URL('/home', server.url).href);
  const cameraOn = page.getByRole('button', { name: '开启摄像头' });
  await cameraOn.and(page.locator(':enabled')).waitFor({ timeout: 120_000 });
  await page.screenshot({ path: new URL('home-empty.png', OUT).pathname });
  await cameraOn.click();
  await page.getByRole('button', { name: '关闭摄像头' }).waitFor();
  await page.locator('.model-cell[data-serial="002"]').click();
  await page.locator('.model-cell[aria-pressed="true"]').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(3000);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: new URL('home.png', OUT).pathname });
  await page
    .locator('.model-cell')
    .last()
    .evaluate((cell) => cell.scrollIntoView({ block: 'end' }));
  await page.waitForTimeout(500);
  await page.screenshot({ path: new URL('home-grid.png', OUT).pathname });
  // Where the browser can share files (stubbed here: Linux Chromium cannot), a photo offers 分享.
  await page.evaluate(() => {
    navigator.canShare = () => true;
    navigator.share = async () => {};
  });
  await page.getByRole('button', { name: '拍照' }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: new URL('home-share.png', OUT).pathname });
  await page.getByRole('button', { name: '关闭', exact: true }).click();
  // 全部试戴 on the camera's picture (after its countdown), then two of its frames compared.
  await page.locator('.try-all').click();
  const sheet = page.locator('.try-all-sheet');
  const cells = sheet.locator('.try-all-grid li');
  await sheet.locator('li[data-state="done"]').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.try-all-grid li[data-state="done"]').length ===
      document.querySelectorAll('.try-all-grid li').length,
    null,
    { timeout: 120_000 },
  );
  await sheet.locator('.try-all-cell').nth(1).click();
  await sheet.locator('.try-all-cell').nth(2).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: new URL('try-all.png', OUT).pathname });
  await sheet.locator('.try-all-compare').click();
  await sheet.locator('.compare-grid').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: new URL('try-all-compare.png', OUT).pathname });
  console.log(`全部试戴: ${await cells.count()} frames`);
  await sheet.locator('.try-all-close').click();
  await page.getByRole('link', { name: '关于我们' }).click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.screenshot({ path: new URL('about.png', OUT).pathname });

  const wide = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1280, height: 900 },
  });
  const desk = await wide.newPage();
  await desk.goto(new URL('/', server.url).href); // a fresh profile prepares first
  await desk.waitForURL(/\/home/, { timeout: 120_000 });
  await desk.getByRole('button', { name: '开启摄像头' }).click({ timeout: 120_000 });
  await desk.getByRole('button', { name: '关闭摄像头' }).waitFor();
  await desk.locator('.model-cell[data-serial="003"]').click();
  await desk.locator('.model-cell[aria-pressed="true"]').waitFor({ timeout: 60_000 });
  await desk.waitForTimeout(3000);
  await desk.screenshot({ path: new URL('home-wide.png', OUT).pathname });

  // The shop page on a phone with three files checked, and on a desktop with one worn live.
  const shop = await (await browser.newContext({ locale: 'zh-CN', ...PHONE })).newPage();
  await shop.goto(new URL('/check', server.url).href);
  const files = await checkFiles();
  await shop.getByTestId('check-files').setInputFiles(files);
  const settled = '[data-testid=check-card]:not([data-verdict=checking])';
  await shop
    .locator(settled)
    .nth(files.length - 1)
    .waitFor({ timeout: 120_000 });
  await shop.screenshot({ path: new URL('check-phone.png', OUT).pathname, fullPage: true });
  await desk.goto(new URL('/check', server.url).href);
  await desk.getByTestId('check-files').setInputFiles(files[0]);
  await desk.locator(settled).waitFor({ timeout: 120_000 });
  await desk.getByRole('button', { name: '在摄像头或视频上试戴' }).click();
  await desk.getByRole('button', { name: '开启摄像头' }).click({ timeout: 120_000 });
  await desk.getByLabel('前倾角（度）').fill('8');
  await desk.waitForTimeout(4000);
  await desk.screenshot({ path: new URL('check-desktop.png', OUT).pathname });
  console.log('screenshots written to', OUT.pathname);
} finally {
  await browser.close();
  await server.close();
}
