// 商家工具 (/check): a shop picks GLB files on its own device and sees, for each, the verdict with
// its reasons in Chinese, the boxing size, the three views on the reference head, and a manifest
// entry the app accepts; an override re-checks live; the page works offline on a second visit.
// Live: the file worn on a still camera moves with the sliders, and the copied entry, served in a
// real manifest, puts the glasses where the page showed them; the packed download fits the same.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { validateManifest } from '../../src/catalogue/manifest';
import { zhCN } from '../../src/i18n/zh-CN';
import { makeBadFiles, makeVariants } from '../corpus/glasses-variants.mjs';
import { prepareCodedClips } from '../outside/clips.mjs';
import { clipJudge, onEyes, untilScreen } from '../outside/poll-screen';
import type { Reading } from '../outside/picture-judge';
import { ReferenceFaces } from '../outside/reference-faces';
import { HIDE_STATS, shootPicture } from '../outside/screen';
import { axeViolations } from './axe';
import { selectGlasses, startCamera } from './app-page';
import { capCamera } from './app-session';
import { DIST_DIR, saveDownload } from './media-helpers';
import { newSession, serviceWorkerInControl } from './storage-helpers';

const camera = (await prepareCodedClips()).still;
let faces: ReferenceFaces;
let server: { url: string; close(): Promise<void> };
let dir: string;
let textured: string;
let twoPairs: string;
let specGloss: string;

beforeAll(async () => {
  faces = await ReferenceFaces.of(camera);
  server = await startServer({ dir: DIST_DIR, port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'check-page-'));
  const original = new Uint8Array(await readFile('public/models/002.glb'));
  // A PNG-textured export: the app's own CSP must let its loader read the embedded image.
  const variants = await makeVariants(original);
  const variant = (name: string) => variants.find((v) => v.name === name)!.glb;
  textured = join(dir, 'textured.glb');
  await writeFile(textured, variant('texture-transform'));
  // Spec-gloss materials, converted by glTF Transform in a chunk the app's CSP must let load.
  specGloss = join(dir, 'spec-gloss.glb');
  await writeFile(specGloss, variant('spec-gloss'));
  const pairs = (await makeBadFiles(original)).find((b) => b.name === 'two-pairs.glb')!;
  twoPairs = join(dir, 'two-pairs.glb');
  await writeFile(twoPairs, pairs.bytes);
});
afterAll(async () => {
  await faces?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const cards = (page: Page) => page.getByTestId('check-card');

/**
 * Where the glasses sit on the face, as the screen shows them against an independent detection
 * of the still face (tests/outside/): their centre along and across the eye line, and their
 * size, in eye spans (whatever the page's picture size).
 */
interface Placement {
  along: number;
  across: number;
  /** How far above the eyes' midpoint on the screen (eye spans): the same whether mirrored. */
  up: number;
  size: number;
}
const placementOf = (r: Reading): Placement => ({
  along: r.along,
  across: r.across,
  up: ((r.eyes![1] + r.eyes![3]) / 2 - r.centre[1]) / r.eyeSpanPx,
  size: r.size,
});
const apart = (a: Placement, b: Placement) => Math.hypot(a.along - b.along, a.across - b.across);

/**
 * The placement once two screenshots 300 ms apart agree: the face is still, so must the glasses
 * be (each page draws at true size once it has measured the face on its own: the size changes
 * once, then holds).
 */
async function steadyPlacement(page: Page): Promise<Placement> {
  let last: Placement | null = null;
  for (let i = 0; i < 40; i++) {
    const r = await untilScreen(
      'check-live',
      () => shootPicture(page),
      clipJudge(camera, faces),
      onEyes(0.5),
    );
    const now = placementOf(r);
    if (last && apart(now, last) < 0.005 && Math.abs(now.size - last.size) < 0.01) return now;
    last = now;
    await page.waitForTimeout(300);
  }
  throw new Error(`the glasses never held still on a still face (last ${JSON.stringify(last)})`);
}

/** A copy of the built app whose manifest lists `entry`, with `bytes` as its file. */
async function appWithEntry(entry: { value: string }, bytes: Uint8Array): Promise<string> {
  const root = join(dir, 'app');
  await cp(DIST_DIR, root, { recursive: true });
  await writeFile(join(root, entry.value), bytes);
  const manifestPath = join(root, 'others/manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as object[];
  for (const suffix of ['.br', '.gz']) await rm(manifestPath + suffix, { force: true });
  await writeFile(manifestPath, JSON.stringify([...manifest, entry]));
  return root;
}

/** Waits until the card's check is done, and returns its verdict. */
async function verdictOf(card: Locator): Promise<string | null> {
  await expect.poll(() => card.getAttribute('data-verdict')).not.toBe('checking');
  return card.getAttribute('data-verdict');
}

/** The three views as the page shows them (the decoded image's bytes, by its blob URL). */
const viewsOf = (card: Locator) =>
  card.locator('img.check-views').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
    return { width: img.naturalWidth, sum: bytes.reduce((a, b) => (a + b) % 1e9, 0) };
  });

describe('shop tools page', () => {
  it('checks a good and a refused file, re-checks on an override, and opens offline', async () => {
    const { page, context, close } = await newSession('');
    try {
      await page.goto(`${server.url}/home`);
      await page.getByRole('link', { name: '商家工具' }).click();
      await page.getByText(zhCN.checkLocalOnly).waitFor();
      // Reachable from the footer only, never from the main navigation.
      expect(await page.getByRole('navigation').getByText('商家工具').count()).toBe(0);

      await page.getByTestId('check-files').setInputFiles([textured, twoPairs, specGloss]);
      await expect.poll(() => cards(page).count()).toBe(3);
      const [good, pairs, gloss] = [0, 1, 2].map((i) => cards(page).nth(i)) as [
        Locator,
        Locator,
        Locator,
      ];
      expect(await verdictOf(good)).toBe('ok');
      const goodText = await good.innerText();
      expect(goodText).toContain(zhCN.checkVerdictOk);
      expect(goodText).toContain('54□18-154');
      // The texture was read: nothing dropped.
      expect(goodText).not.toContain('贴图无法读取');
      // Where its lower rim meets the reference head's cheeks, in millimetres (贴脸 below 0).
      expect(await good.getByTestId('check-cheek').innerText()).toMatch(
        /^下缘离参考头像的脸颊 \d+\.\d 毫米$/,
      );
      const views = await viewsOf(good);
      expect(views.width).toBe(1200);
      // Named in the page's text, which stays legible at a phone's width where words drawn into
      // the 1 200 px picture would shrink to 4 px.
      for (const view of [zhCN.checkViewFront, zhCN.checkViewThreeQuarter, zhCN.checkViewSide])
        expect(await good.getByText(view, { exact: true }).isVisible()).toBe(true);

      expect(await verdictOf(pairs)).toBe('refused');
      expect(await pairs.innerText()).toContain(zhCN.glassesTwoPairs);
      expect(await pairs.getByTestId('check-entry').count()).toBe(0);
      expect(await verdictOf(gloss)).not.toBe('refused');
      expect(await gloss.innerText()).toContain(
        zhCN.fitMaterialConverted.replace('{ext}', 'KHR_materials_pbrSpecularGlossiness'),
      );
      expect(await axeViolations(page)).toEqual([]);

      // The copied entry is one the app's manifest accepts, with the measured size.
      const entry = JSON.parse(await good.getByTestId('check-entry').innerText()) as object;
      const { entries, rejected } = validateManifest([entry]);
      expect(rejected).toEqual([]);
      expect(entries[0]).toMatchObject({ frameSize: '54□18-154', size: expect.any(Number) });

      // Told the file is in centimetres, the front is 1.4 mm wide: refused, and said why.
      await good.getByRole('combobox').selectOption('cm');
      await expect.poll(() => good.getAttribute('data-verdict')).toBe('refused');
      expect(await good.innerText()).toContain('镜框正面只有');
      await good.getByRole('combobox').selectOption('');
      await expect.poll(() => good.getAttribute('data-verdict')).toBe('ok');
      // A tilt moves the glasses in the views and goes into the entry's fit.
      await good.getByLabel(zhCN.checkTilt).fill('12');
      await expect
        .poll(async () => JSON.parse(await good.getByTestId('check-entry').innerText()))
        .toMatchObject({ fit: { pantoscopicDeg: 12 } });
      await expect.poll(async () => (await viewsOf(good)).sum).not.toBe(views.sum);

      // A second visit without a network: the page and its check worker come from the cache.
      await serviceWorkerInControl(page);
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('check-files').setInputFiles([textured]);
      expect(await verdictOf(cards(page).first())).toBe('ok');
    } finally {
      await close();
    }
  });

  it('wears the file live, and its copied entry and packed file sit the same in the app', async () => {
    const { browser, page, close } = await newSession(camera.y4m);
    let app: { url: string; close(): Promise<void> } | null = null;
    try {
      await page.goto(`${server.url}/check?stats`);
      await page.getByTestId('check-files').setInputFiles([textured]);
      const card = cards(page).first();
      const first = await verdictOf(card);
      if (first !== 'ok') console.log(await card.innerText());
      expect(first).toBe('ok');
      await card.getByRole('button', { name: zhCN.checkLive }).click();
      await startCamera(page);
      const plain = await steadyPlacement(page);

      // The sliders move the glasses on the live picture (up 10 mm, tilted 10°). Both move well
      // within the page's quiet time before it fits the glasses again (the second on a timer due
      // before that one's), so it fits them once, with both: moved one after the other on a
      // loaded machine, the fit with the first alone showed long enough to be taken as the tuned
      // placement (a CI run: 0.039 eye spans from the app's, against 0.003–0.005 otherwise).
      // The page renders between the two, so the second slider's change carries the first's.
      const sliders = [zhCN.checkBridgeUp, zhCN.checkTilt].map((label) => card.getByLabel(label));
      const handles = await Promise.all(sliders.map((slider) => slider.elementHandle()));
      await page.evaluate(async (inputs) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        for (const input of inputs as HTMLInputElement[]) {
          setValue.call(input, '10');
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      }, handles);
      expect(await Promise.all(sliders.map((slider) => slider.inputValue()))).toEqual(['10', '10']);
      // Up by the lift (10 mm, about a sixth of an eye span: 0.26 measured, the picture's
      // changed area 0.60 → 0.64 eye spans with the tilt), then held still: steadyPlacement
      // waits for the screen to stop changing.
      await untilScreen(
        'check-tuned',
        () => shootPicture(page),
        clipJudge(camera, faces),
        (r) => onEyes(0.5)(r) && placementOf(r).up > plain.up + 0.08,
      );
      const tuned = await steadyPlacement(page);
      const entry = JSON.parse(await card.getByTestId('check-entry').innerText()) as {
        value: string;
        serialNo: string;
        fit?: object;
      };
      expect(entry.fit).toEqual({ bridgeOffsetMm: [0, 10, 0], pantoscopicDeg: 10 });

      // The packed download: meshopt, and checked on the page it measures the same. Nothing
      // here looks at the live picture: its camera goes off first.
      await page.getByRole('button', { name: zhCN.cameraOff, exact: true }).click();
      await card.getByRole('button', { name: zhCN.checkPack }).click();
      const link = card.getByTestId('check-packed');
      await link.waitFor({ timeout: 60_000 });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const packedPath = await saveDownload(download);
      const packed = await readFile(packedPath);
      expect(packed.toString('latin1', 0, 4)).toBe('glTF');
      expect(packed.toString('latin1')).toContain('EXT_meshopt_compression');
      await page.getByTestId('check-files').setInputFiles([packedPath]);
      const packedCard = cards(page).nth(1);
      expect(await verdictOf(packedCard)).toBe('ok');
      expect(await packedCard.getByTestId('check-size').innerText()).toBe(
        await card.getByTestId('check-size').innerText(),
      );

      // The copied entry in a real manifest, with the shop's serial number: the app puts the
      // glasses where the page showed them, not where they sit without the override.
      // The page's own camera and engine stop first: two try-ons share these two cores.
      await page.close();
      const shopEntry = { ...entry, serialNo: '901' };
      app = await startServer({
        dir: await appWithEntry(shopEntry, new Uint8Array(await readFile(textured))),
        port: 0,
      });
      const appContext = await browser.newContext({
        locale: 'zh-CN',
        viewport: { width: 430, height: 900 },
      });
      await appContext.addInitScript(HIDE_STATS);
      await capCamera(appContext);
      const appPage = await appContext.newPage();
      await appPage.goto(`${app.url}/home?stats`);
      await startCamera(appPage);
      await selectGlasses(appPage, '901');
      const worn = await steadyPlacement(appPage);
      console.log('placements', JSON.stringify({ plain, tuned, worn }));
      expect(apart(tuned, plain)).toBeGreaterThan(0.08);
      expect(apart(worn, tuned)).toBeLessThan(0.03);
      expect(Math.abs(worn.size - tuned.size) / tuned.size).toBeLessThan(0.05);
    } finally {
      await app?.close();
      await close();
    }
  });
});
