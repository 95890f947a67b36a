// Phone-size screenshots of Loading, Home (tracking, with glasses) and About for the README.
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
  await page.getByRole('button', { name: '开启摄像头' }).click({ timeout: 120_000 });
  await page.getByRole('button', { name: '关闭摄像头' }).waitFor();
  await page.locator('.model-cell[data-serial="002"]').click();
  await page.locator('.model-cell[aria-pressed="true"]').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(3000);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: new URL('home.png', OUT).pathname });
  await page.getByRole('link', { name: '关于我们' }).click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.screenshot({ path: new URL('about.png', OUT).pathname });
  console.log('screenshots written to', OUT.pathname);
} finally {
  await browser.close();
  await server.close();
}
