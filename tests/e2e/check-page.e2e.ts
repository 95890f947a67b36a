// 商家工具 (/check): a shop picks GLB files on its own device and sees, for each, the verdict with
// its reasons in Chinese, the boxing size, the three views on the reference head, and a manifest
// entry the app accepts; an override re-checks live; the page works offline on a second visit.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { validateManifest } from '../../src/catalogue/manifest';
import { zhCN } from '../../src/i18n/zh-CN';
import { makeBadFiles, makeVariants } from '../corpus/glasses-variants.mjs';
import { axeViolations } from './axe';
import { DIST_DIR } from './media-helpers';
import { newSession, serviceWorkerInControl } from './storage-helpers';

let server: { url: string; close(): Promise<void> };
let dir: string;
let textured: string;
let twoPairs: string;

beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'check-page-'));
  const original = new Uint8Array(await readFile('public/models/002.glb'));
  // A PNG-textured export: the app's own CSP must let its loader read the embedded image.
  const variant = (await makeVariants(original)).find((v) => v.name === 'texture-transform')!;
  textured = join(dir, 'textured.glb');
  await writeFile(textured, variant.glb);
  const pairs = (await makeBadFiles(original)).find((b) => b.name === 'two-pairs.glb')!;
  twoPairs = join(dir, 'two-pairs.glb');
  await writeFile(twoPairs, pairs.bytes);
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const cards = (page: Page) => page.getByTestId('check-card');

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

      await page.getByTestId('check-files').setInputFiles([textured, twoPairs]);
      await expect.poll(() => cards(page).count()).toBe(2);
      const [good, pairs] = [cards(page).nth(0), cards(page).nth(1)];
      expect(await verdictOf(good)).toBe('ok');
      const goodText = await good.innerText();
      expect(goodText).toContain(zhCN.checkVerdictOk);
      expect(goodText).toContain('54□18-154');
      // The texture was read: nothing dropped.
      expect(goodText).not.toContain('贴图无法读取');
      const views = await viewsOf(good);
      expect(views.width).toBe(1200);

      expect(await verdictOf(pairs)).toBe('refused');
      expect(await pairs.innerText()).toContain(zhCN.glassesTwoPairs);
      expect(await pairs.getByTestId('check-entry').count()).toBe(0);
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
});
