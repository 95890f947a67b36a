// Phone-size (390×844) screenshots of a shop's big catalogue (issue 51): 搜索 with its count, 筛选
// open, a model's colours (颜色) and 只看合适尺寸 with the camera on. A generated shop of 2 000
// frames in the built-in frames' files and previews, answered by this script.
// Run after `npm run build`: node tests/e2e/catalogue-screenshots.mjs
import { mkdir, readFile } from 'node:fs/promises';
import { startServer } from '../../scripts/serve.mjs';
import { launchChromium } from './browser.mjs';
import { prepareFixtures } from './fixtures.mjs';

const OUT = new URL('./screenshots/', import.meta.url);
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const SIZE = 2_000;
const builtIn = JSON.parse(await readFile('public/others/manifest.json', 'utf8'));
const SHAPES = ['round', 'square', 'cat-eye', 'aviator', 'oval'];
const MATERIALS = ['钛', '板材', 'TR90', '金属'];
const COLOURS = [
  ['黑色', '#1b1b1b'],
  ['金色', '#c9a227'],
  ['玳瑁', '#7a4a21'],
];
/** Every third model comes in three colours: consecutive entries of one group. */
const shop = Array.from({ length: SIZE }, (_, i) => {
  const base = builtIn[i % builtIn.length];
  const model = Math.floor(i / 3);
  const coloured = model % 3 === 0;
  const [colour, swatch] = COLOURS[i % 3];
  return {
    value: `models/shop/${i}.glb`,
    serialNo: `S${String(i).padStart(4, '0')}`,
    text: `${['轻钛', '复古', '商务', '学生'][model % 4]}${['圆框', '方框', '猫眼', '飞行员', '椭圆框'][model % 5]}`,
    previewIcon: base.previewIcon,
    materialParameter: base.materialParameter,
    frameWidthMm: base.frameWidthMm,
    brand: ['明月', '暴龙', '帕森'][model % 3],
    shape: SHAPES[model % 5],
    material: MATERIALS[model % 4],
    colour,
    price: 199 + (model % 20) * 50,
    ...(coloured ? { group: `M${model}`, swatch } : {}),
  };
});

const shot = (page, name) => page.screenshot({ path: new URL(`${name}.png`, OUT).pathname });
const fixtures = await prepareFixtures();
const server = await startServer({ dir: 'dist', port: 0 });
const browser = await launchChromium({ cameraY4m: fixtures.cameras.at(-1).y4m });
try {
  await mkdir(OUT, { recursive: true });
  // No service worker: every request reaches the routes below.
  const context = await browser.newContext({ locale: 'zh-CN', serviceWorkers: 'block', ...PHONE });
  await context.route('**/others/manifest.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(shop) }),
  );
  // Each shop frame is one of the built-in frames' files, under its own path.
  await context.route('**/models/shop/*.glb', async (route) => {
    const i = Number(/(\d+)\.glb$/.exec(route.request().url())[1]);
    const body = await readFile(`public/${builtIn[i % builtIn.length].value}`);
    await route.fulfill({ status: 200, contentType: 'model/gltf-binary', body });
  });
  const page = await context.newPage();
  await page.goto(new URL('/', server.url).href);
  await page.waitForURL(/\/home/, { timeout: 180_000 });
  const search = page.getByRole('searchbox', { name: '搜索镜框' });
  await search.fill('轻钛 圆框');
  await page.locator('.model-grid li').first().waitFor();
  await page.waitForTimeout(500);
  await shot(page, 'catalogue-search');
  await search.fill('');
  await page.getByRole('button', { name: '筛选' }).click();
  await page.getByLabel('框型').selectOption('cat-eye');
  await page.getByLabel('材质').selectOption('钛');
  await page.waitForTimeout(500);
  await shot(page, 'catalogue-filter');
  await page.getByRole('button', { name: '清除筛选' }).click();
  await page.getByRole('button', { name: '筛选' }).click();
  await page.getByRole('button', { name: '开启摄像头' }).first().click();
  await page.getByRole('button', { name: '关闭摄像头' }).waitFor({ timeout: 120_000 });
  await page.getByRole('button', { name: '颜色：金色' }).first().click();
  await page.waitForTimeout(8000);
  await shot(page, 'catalogue-colours');
  await page.getByRole('button', { name: '只看合适尺寸' }).click({ timeout: 60_000 });
  await page.waitForTimeout(1000);
  await shot(page, 'catalogue-fits');
  console.log(`screenshots in ${OUT.pathname}`);
} finally {
  await browser.close();
  await server.close();
}
