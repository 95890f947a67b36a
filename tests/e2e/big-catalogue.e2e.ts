// A shop's whole catalogue (issue 51): a manifest of 10 004 frames is read to the app's limit of
// 10 000 and the 4 past it are said; the grid renders a screenful at a time yet reaches the
// last frame, and a jump far down paints its rows in its own frame; 搜索 narrows it (共 N 款),
// lives in the address and clears in one tap; a frame far down is worn at the eyes the reference
// detector finds; 全部试戴 on the narrowed frames fetches 12, then 再试 the rest, never the shop;
// stored frames stay within a budget, never the worn one or a 收藏; three colours of one model are
// one cell whose swatches wear each colour's file; inside a shop's page the one row to swipe
// renders only what is near its view. The manifest and the frames are answered by the test
// (service worker blocked, so that every request reaches the routes).
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { MAX_ENTRIES } from '../../src/catalogue/manifest';
import { format } from '../../src/i18n';
import { zhCN } from '../../src/i18n/zh-CN';
import { TRY_ALL_BATCH } from '../../src/shared/ui-constants';
import { prepareCodedClips } from '../outside/clips.mjs';
import { clipJudge, onEyes, STILL_OFF, untilScreen } from '../outside/poll-screen';
import { ReferenceFaces } from '../outside/reference-faces';
import { shootPicture } from '../outside/screen';
import { selectGlasses, startCamera } from './app-page';
import { holdFaceModel, withApp } from './app-session';
import { DIST_DIR } from './media-helpers';
import { framing, shopPage } from './shop-page';

const camera = (await prepareCodedClips()).still;
let faces: ReferenceFaces;
let server: { url: string; close(): Promise<void> };
let glb: Buffer;
/** The shop's frames: S00000…, 14 of them in a group 全部试戴 is tried on. */
const SHOP_SIZE = MAX_ENTRIES + 4;
const GROUP = { from: 100, size: TRY_ALL_BATCH + 2, word: '试戴组' };
const serial = (i: number) => `S${String(i).padStart(5, '0')}`;
/** The tests' build lists this origin as the shop's (package.json's build:test). */
const SHOP_ORIGIN = 'http://localhost:47311';
const SHAPES = ['round', '方框', 'cat-eye'];
/** 性别 as a key or its word, and one frame in four without it. */
const GENDERS = ['men', '女款', 'unisex', undefined];
/** Three frames that are one model in three colours (颜色). */
const COLOURED = { from: 30, group: '三色款 30' };
const COLOURS = [
  { group: COLOURED.group, colour: '黑色', swatch: '#111111' },
  { group: COLOURED.group, colour: '金色', swatch: '#c9a227' },
  { group: COLOURED.group, colour: '银色', swatch: '#c0c0c0' },
];
const shop = Array.from({ length: SHOP_SIZE }, (_, i) => ({
  value: `models/shop/${serial(i)}.glb`,
  serialNo: serial(i),
  text: i >= GROUP.from && i < GROUP.from + GROUP.size ? `${GROUP.word} ${i}` : `镜框 ${i}`,
  shape: SHAPES[i % 3],
  material: i % 2 ? '钛' : '板材',
  price: 100 + (i % 50) * 10,
  ...(GENDERS[i % 4] ? { gender: GENDERS[i % 4] } : {}),
  ageGroup: i % 5 === 0 ? 'child' : 'adult',
  ...(i < 20 ? { productUrl: `${SHOP_ORIGIN}/p/${serial(i)}` } : {}),
  ...(COLOURS[i - COLOURED.from] ?? {}),
}));
/** The models the grid shows: the coloured frames are one. */
const MODELS = MAX_ENTRIES - (COLOURS.length - 1);
/** What the app reads: the first MAX_ENTRIES, 方框 and 女款 as the keys they stand for. */
const read = shop.slice(0, MAX_ENTRIES).map((e) => ({
  ...e,
  shape: e.shape === '方框' ? 'square' : e.shape,
  gender: e.gender === '女款' ? 'women' : e.gender,
}));
const count = (n: number) => zhCN.searchCount.replace('{count}', String(n));
/** How many models `list` holds: a colour group's frames are one. */
const models = (list: typeof read) =>
  new Set(list.map((e) => ('group' in e && e.group) || e.value)).size;
/** 筛选's words for a value and its count. */
const option = (value: string, count: number) => format(zhCN, 'filterOption', { value, count });
/** A 筛选 list by its name alone: a name that carried its options would be read out at each step. */
const facetList = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });
const optionText = (page: Page, name: string, value: string) =>
  facetList(page, name).locator(`option[value="${value}"]`).textContent();
/** The stored frames' budget, in frames of the one GLB every shop frame is. */
const BUDGET_FRAMES = 6;
/** The toast that says frames were cleared for room. */
const CLEARED = new RegExp(
  `^${zhCN.modelsCleared
    .replace(/[（）()]/g, '.')
    .replace('{count}', '\\d+')
    .replace('{mb}', '[\\d.]+')}$`,
);

/** Every toast the page shows, as it shows it, to the test's `__toastSeen`. */
const WATCH_TOASTS = `document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[role="status"]'))
      if (toast.textContent) window.__toastSeen(toast.textContent);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
});`;

/** The GLB records the device's storage holds for the page (read with IndexedDB itself). */
function storedModels(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const open = indexedDB.open('ModelDB');
    const db: IDBDatabase = await new Promise((ok, fail) => {
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    const keys = await new Promise<IDBValidKey[]>((ok, fail) => {
      const request = db.transaction('models').objectStore('models').getAllKeys();
      request.onsuccess = () => ok(request.result);
      request.onerror = () => fail(request.error);
    });
    db.close();
    return keys
      .map(String)
      .filter((key) => key.endsWith('.glb'))
      .sort();
  });
}

beforeAll(async () => {
  faces = await ReferenceFaces.of(camera);
  glb = await readFile('public/models/002.glb');
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(async () => {
  await faces?.close();
  await server?.close();
});

/** The shop's manifest and frames, answered by the test; the shop frames it was asked for. */
async function serveShop(context: BrowserContext, asked: string[]): Promise<void> {
  await context.route('**/others/manifest.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(shop) }),
  );
  await context.route('**/models/shop/*.glb', (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 200, contentType: 'model/gltf-binary', body: glb });
  });
}

const search = (page: Page) => page.getByRole('searchbox', { name: zhCN.searchLabel });
const shownCount = (page: Page) => page.locator('.search-count').textContent();
const cell = (page: Page, s: string) => page.locator(`.model-cell[data-serial="${s}"]`);
/** What the frame's cell shows of its copy on the device (its status icon's words). */
const storedMark = (page: Page, i: number) =>
  cell(page, serial(i)).locator('.status-icon').getAttribute('aria-label');

/**
 * In the page: scrolls to `fraction` of the page's height, and at the next animation frame (after
 * the scroll's events, before that frame's paint) says how many px of the grid's part of the
 * window no rendered cell covers.
 */
function blankAfterJump(fraction: number) {
  return new Promise<{ blankPx: number }>((resolve) => {
    requestAnimationFrame(() => {
      const grid = document.querySelector('.model-grid')!;
      const items = grid.querySelectorAll(':scope > li');
      const box = grid.getBoundingClientRect();
      const top = Math.max(box.top, 0);
      const bottom = Math.min(box.bottom, innerHeight);
      const first = items[0]?.getBoundingClientRect().top ?? bottom;
      const last = items[items.length - 1]?.getBoundingClientRect().bottom ?? top;
      const covered = Math.max(0, Math.min(bottom, last) - Math.max(top, first));
      resolve({ blankPx: Math.round(bottom - top - covered) });
    });
    window.scrollTo(0, document.body.scrollHeight * fraction);
  });
}

describe("a big shop's catalogue", () => {
  it('reads 10 000 frames, says what is past it, renders a screenful, finds and links', async () => {
    // The face model held: the first visit is still preparing when the page reloads.
    const model = holdFaceModel();
    const onContext = async (context: BrowserContext) => {
      await serveShop(context, []);
      await model.onContext(context);
    };
    await withApp(
      server.url,
      { device: { serviceWorkers: 'block' }, onContext },
      async ({ page }) => {
        await expect
          .poll(() => page.getByRole('status').allTextContents())
          .toContain(
            zhCN.catalogueOverLimit
              .replace('{max}', String(MAX_ENTRIES))
              .replace('{count}', String(SHOP_SIZE - MAX_ENTRIES)),
          );
        await expect.poll(() => shownCount(page)).toBe(count(MODELS));
        // A screenful and a few rows either way, not ten thousand cells.
        expect(await page.locator('.model-grid li').count()).toBeLessThan(60);
        // A jump far past the rendered rows (a scrollbar dragged) shows the rows it lands on in
        // the frame it paints, not a blank grid for a frame.
        expect(await page.evaluate(blankAfterJump, 0.5)).toEqual({ blankPx: 0 });
        // The last frame read is reached by scrolling, and still only a screenful is there.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await cell(page, serial(MAX_ENTRIES - 1)).waitFor();
        expect(await cell(page, serial(MAX_ENTRIES)).count()).toBe(0);
        expect(await page.locator('.model-grid li').count()).toBeLessThan(60);

        // Words narrow it, in any width; the count follows; the address keeps them.
        await search(page).fill('试戴组');
        await expect.poll(() => shownCount(page)).toBe(count(GROUP.size));
        await search(page).fill('ｓ０９９９９');
        await expect.poll(() => shownCount(page)).toBe(count(1));
        await cell(page, serial(9_999)).waitFor();
        expect(new URL(page.url()).searchParams.get('q')).toBe('ｓ０９９９９');
        // Reloaded while the first visit still prepares, the page passes through the Loading
        // screen: the address's filter comes back with it.
        await page.reload();
        await page.getByTestId('loading-screen').waitFor();
        model.release();
        await page.waitForURL((url) => url.pathname === '/home', { timeout: 60_000 });
        expect(new URL(page.url()).searchParams.get('q')).toBe('ｓ０９９９９');
        await expect.poll(() => shownCount(page), { timeout: 30_000 }).toBe(count(1));
        expect(await search(page).inputValue()).toBe('ｓ０９９９９');
        await search(page).fill('没有这款');
        await expect.poll(() => shownCount(page)).toBe(count(0));
        await page.getByText(zhCN.searchNone).waitFor();
        // 筛选: shape and material lists of what the catalogue has, and a price range, with the
        // words; each count against the generated list's own.
        await search(page).fill('');
        await page.getByRole('button', { name: zhCN.filterOpen }).click();
        // Each value's count is in models, as 共 N 款 counts them: three colours of one count once.
        const adults = read.filter((e) => e.ageGroup === 'adult');
        expect(models(adults)).toBeLessThan(adults.length);
        expect(await optionText(page, zhCN.filterAge, 'adult')).toBe(
          option(zhCN.ageAdult, models(adults)),
        );
        await facetList(page, zhCN.filterShape).selectOption('cat-eye');
        await facetList(page, zhCN.filterMaterial).selectOption('钛');
        const catEyeTi = read.filter((e) => e.shape === 'cat-eye' && e.material === '钛');
        await expect.poll(() => shownCount(page)).toBe(count(catEyeTi.length));
        await page.getByLabel(zhCN.filterPriceMin).fill('200');
        await page.getByLabel(zhCN.filterPriceMax).fill('250');
        const priced = catEyeTi.filter((e) => e.price >= 200 && e.price <= 250);
        await expect.poll(() => shownCount(page)).toBe(count(priced.length));
        const address = new URL(page.url()).searchParams;
        expect([address.get('shape'), address.get('material'), address.get('pmin')]).toEqual([
          'cat-eye',
          '钛',
          '200',
        ]);
        await facetList(page, zhCN.filterShape).selectOption('square');
        await facetList(page, zhCN.filterMaterial).selectOption('');
        const square = read.filter((e) => e.shape === 'square' && e.price >= 200 && e.price <= 250);
        await expect.poll(() => shownCount(page)).toBe(count(square.length));
        // 性别 and 年龄段, in the reader’s words, each value counted.
        await facetList(page, zhCN.filterShape).selectOption('');
        // Counted within the rest of the filter (the price range): what choosing it shows.
        const gender = facetList(page, zhCN.filterGender);
        const women = models(
          read.filter((e) => e.gender === 'women' && e.price >= 200 && e.price <= 250),
        );
        expect(women).toBeLessThan(read.filter((e) => e.gender === 'women').length);
        expect(await optionText(page, zhCN.filterGender, 'women')).toBe(
          option(zhCN.genderWomen, women),
        );
        await gender.selectOption('women');
        await expect.poll(() => shownCount(page)).toBe(count(women));
        await facetList(page, zhCN.filterAge).selectOption('child');
        const girls = read.filter(
          (e) => e.gender === 'women' && e.ageGroup === 'child' && e.price >= 200 && e.price <= 250,
        );
        expect(girls.length).toBeGreaterThan(0);
        await expect.poll(() => shownCount(page)).toBe(count(girls.length));
        expect(new URL(page.url()).searchParams.get('ageGroup')).toBe('child');
        // One tap clears it all.
        await page.getByRole('button', { name: zhCN.searchClear }).click();
        await expect.poll(() => shownCount(page)).toBe(count(MODELS));
        for (const name of ['q', 'shape', 'material', 'gender', 'ageGroup', 'pmin', 'pmax']) {
          expect(new URL(page.url()).searchParams.has(name), name).toBe(false);
        }
        // 去购买 goes to the frame's page in the shop, in a new tab; a frame without one has none.
        const links = async (s: string) => {
          await search(page).fill(s);
          await cell(page, s).waitFor();
          return cell(page, s).locator('xpath=..').getByRole('link');
        };
        const buy = await links(serial(1));
        expect(await buy.getAttribute('href')).toBe(`${SHOP_ORIGIN}/p/${serial(1)}`);
        expect(await buy.getAttribute('target')).toBe('_blank');
        expect(await (await links(serial(25))).count()).toBe(0);

        // Inside a shop's page the frames are one row to swipe: there too only the cells near
        // its visible part are rendered, and a swipe reaches the last.
        const shopSite = await shopPage(0);
        const framed = await startServer({ dir: DIST_DIR, port: 0, embedOrigins: [shopSite.url] });
        try {
          await page.goto(framing(shopSite, framed.url));
          const frame = page.frameLocator('#try-on');
          const row = frame.locator('.model-grid');
          await frame
            .locator(`.model-cell[data-serial="${serial(0)}"]`)
            .waitFor({ timeout: 60_000 });
          expect(await row.locator('li').count()).toBeLessThan(20);
          const last = frame.locator(`.model-cell[data-serial="${serial(MAX_ENTRIES - 1)}"]`);
          await expect
            .poll(async () => {
              await row.evaluate((list) =>
                list.scrollTo({ left: list.scrollWidth, behavior: 'instant' }),
              );
              return last.count();
            })
            .toBe(1);
          expect(await row.locator('li').count()).toBeLessThan(20);
          // The last cell whole inside the row's box, where the person sees it.
          const [box, at] = [(await row.boundingBox())!, (await last.boundingBox())!];
          expect(at.x).toBeGreaterThanOrEqual(box.x - 1);
          expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width + 1);
        } finally {
          await framed.close();
          await shopSite.close();
        }
      },
    );
  });

  it('wears a frame far down at the eyes; 全部试戴 fetches 12 of the narrowed, then the rest', async () => {
    const asked: string[] = [];
    const cleared: string[] = [];
    await withApp(
      server.url,
      {
        cameraY4m: camera.y4m,
        // Stored frames kept within 6 of them (?budget=, the tests' build only).
        path: `/home?stats&q=${encodeURIComponent(serial(9_990))}&budget=${BUDGET_FRAMES * glb.length}`,
        device: { serviceWorkers: 'block' },
        onContext: async (context) => {
          await serveShop(context, asked);
          await context.exposeFunction('__toastSeen', (text: string) => cleared.push(text));
          await context.addInitScript(WATCH_TOASTS);
        },
      },
      async ({ page }) => {
        await startCamera(page);
        await expect.poll(() => shownCount(page)).toBe(count(1));
        await selectGlasses(page, serial(9_990));
        await untilScreen(
          'big-catalogue-far',
          () => shootPicture(page),
          clipJudge(camera, faces),
          onEyes(STILL_OFF),
        );
        expect(asked).toEqual([`/models/shop/${serial(9_990)}.glb`]);

        await search(page).fill(GROUP.word);
        await expect.poll(() => shownCount(page)).toBe(count(GROUP.size));
        // The group's first frame is a 收藏: kept, though it is among the longest unworn.
        const favourite = `${GROUP.word} ${GROUP.from}`;
        await page
          .getByRole('button', { name: zhCN.favouriteAdd.replace('{name}', favourite) })
          .click();
        await page.locator('.try-all').click();
        const sheet = page.getByRole('dialog', { name: zhCN.tryAll });
        const done = sheet.locator('.try-all-grid li[data-state="done"]');
        await expect.poll(() => done.count(), { timeout: 180_000 }).toBe(TRY_ALL_BATCH);
        const more = sheet.getByRole('button', {
          name: zhCN.tryAllMore.replace('{count}', String(GROUP.size - TRY_ALL_BATCH)),
        });
        await more.waitFor();
        // Only the first 12 of the group were fetched.
        const group = (i: number) => `/models/shop/${serial(GROUP.from + i)}.glb`;
        const first = Array.from({ length: TRY_ALL_BATCH }, (_, i) => group(i));
        expect(asked.slice(1).sort()).toEqual(first.sort());
        await more.click();
        await expect.poll(() => done.count(), { timeout: 60_000 }).toBe(GROUP.size);
        expect(asked.slice(1).sort()).toEqual(
          Array.from({ length: GROUP.size }, (_, i) => group(i)).sort(),
        );
        expect(await more.count()).toBe(0);

        // The budget: what the device holds is the worn frame, the 收藏 and the newest tried,
        // within the budget; the page said so.
        const model = (i: number) => `models/shop/${serial(i)}.glb`;
        const newest = Array.from(
          { length: BUDGET_FRAMES - 2 },
          (_, i) => GROUP.from + GROUP.size - 1 - i,
        );
        const kept = [model(9_990), model(GROUP.from), ...newest.map(model)].sort();
        await expect.poll(() => storedModels(page), { timeout: 30_000 }).toEqual(kept);
        expect(
          cleared.some((text) => CLEARED.test(text)),
          cleared.join(' | '),
        ).toBe(true);
        // Each cleared frame's cell says it is not stored any more; a kept one says it is.
        await sheet.getByRole('button', { name: zhCN.tryAllClose }).click();
        await sheet.waitFor({ state: 'hidden' });
        await search(page).fill(serial(GROUP.from + 1));
        await expect.poll(() => storedMark(page, GROUP.from + 1)).toBe(zhCN.statusNotDownloaded);
        await search(page).fill(serial(GROUP.from));
        await expect.poll(() => storedMark(page, GROUP.from)).toBe(zhCN.statusDownloaded);

        // 颜色: one cell for the three colours of one model; a swatch wears its own file.
        await search(page).fill(COLOURED.group);
        await expect.poll(() => shownCount(page)).toBe(count(1));
        const swatches = page.getByRole('group', { name: zhCN.colours }).getByRole('button');
        expect(await swatches.count()).toBe(COLOURS.length);
        // Among other frames, rows below it: each swatch takes a tap where it shows (the next
        // row's preview once covered them; Playwright's tap fails on an element covered).
        await search(page).fill(`镜框 ${COLOURED.from}`);
        await cell(page, serial(300)).waitFor();
        // Its row lines up with it: the three cells' numbers on one line, below previews alike.
        const numbersTop = await page
          .locator('.model-grid > li')
          .evaluateAll((items) =>
            items.slice(0, 3).map((li) => li.querySelector('.serial')!.getBoundingClientRect().top),
          );
        expect(Math.max(...numbersTop) - Math.min(...numbersTop)).toBeLessThanOrEqual(1);
        for (const [i, { colour }] of COLOURS.entries()) {
          if (i === 0) continue;
          const swatch = page.getByRole('button', {
            name: zhCN.colourOf.replace('{colour}', colour),
          });
          await swatch.click();
          const worn = cell(page, serial(COLOURED.from + i));
          await expect.poll(() => worn.getAttribute('aria-pressed')).toBe('true');
          expect(await swatch.getAttribute('aria-pressed')).toBe('true');
          expect(asked.at(-1)).toBe(`/${model(COLOURED.from + i)}`);
        }
      },
    );
  });
});
