// Phone-size screenshots for the README: Loading, Home before a source is on, tracking with
// glasses, the grid scrolled under the picture, a photo ready to share, About; and a wide Home.
// Run after `npm run build`: node tests/e2e/take-screenshots.mjs
import { mkdir } from 'node:fs/promises';
import { startServer } from '../../scripts/serve.mjs';
import { launchChromium } from './browser.mjs';
import { prepareFixtures } from './fixtures.mjs';

const OUT = new URL('./screenshots/', import.meta.url);
const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 1,
};

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
  console.log('screenshots written to', OUT.pathname);
} finally {
  await browser.close();
  await server.close();
}
