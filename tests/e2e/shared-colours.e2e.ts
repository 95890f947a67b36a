// Two colours of one model that share a GLB and differ only in their material file (issue 51):
// one cell with a dot per colour, and each dot wears its own colour, judged on the screen. The
// second colour's frame glows green (its material file's emissive), which nothing on the photo
// is; the first is the catalogue's black. Nothing read from the app decides it.
import { readFile, rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { zhCN } from '../../src/i18n/zh-CN';
import { stillFacePicture } from '../outside/clips.mjs';
import { changedPixels } from '../outside/picture-change';
import { CHANGED, decodePicture } from '../outside/picture-judge';
import { shootPicture } from '../outside/screen';
import { greenPixels } from '../outside/temple-hide';
import { readStats } from './app-page';
import { withApp } from './app-session';
import { trackedSince, wornThenBare } from './held-picture';
import { choosePhoto } from './media-helpers';
import { shopCopy } from './shop-copy';

/** Both colours are this file's bytes, under one path of the copy. */
const SOURCE = 'public/models/002.glb';
const VALUE = 'models/two-colours.glb';
const GROUP = '双色款';
const COLOURS = [
  { serialNo: '951', colour: '黑色', swatch: '#111111', materials: 'materials/002.json' },
  { serialNo: '952', colour: '荧光绿', swatch: '#00ff00', materials: 'materials/two-green.json' },
];
/**
 * Green pixels on the screen with the green colour worn (the frame's front and temples: 1 000
 * and more on the still face), and with the black one (none: nothing on the photo is green).
 */
const GREEN_WORN = 500;
/** Pixels a frame drawn on the still face changes (its front alone: thousands). */
const FRAME_DRAWN = 1000;

let server: { url: string; close(): Promise<void> };
let root: string;
beforeAll(async () => {
  const bytes = new Uint8Array(await readFile(SOURCE));
  const black = JSON.parse(await readFile('public/materials/002.json', 'utf8')) as {
    modelArrayOrder: string;
  }[];
  // The frame's parts glow green on black; the lenses stay as they are.
  const green = black.map((item) =>
    item.modelArrayOrder === 'lenses'
      ? item
      : { ...item, color: '#000000', emissive: '#00ff00', emissiveIntensity: 1 },
  );
  const items = { 'materials/002.json': black, 'materials/two-green.json': green };
  root = await shopCopy(
    'shared-colours',
    COLOURS.map(({ serialNo, colour, swatch, materials }) => ({
      serialNo,
      text: GROUP,
      value: VALUE,
      bytes,
      materials: { path: materials, items: items[materials as keyof typeof items] },
      colour: { group: GROUP, colour, swatch },
    })),
  );
  server = await startServer({ dir: root, port: 0 });
});
afterAll(async () => {
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const swatch = (page: Page, colour: string) =>
  page.getByRole('button', { name: zhCN.colourOf.replace('{colour}', colour) });

interface Worn {
  /** Green pixels on the screen with the colour worn. */
  green: number;
  /** Pixels the frame changes: the worn picture against it held bare. */
  frame: number;
}

/**
 * The colour a tap put on, once its cell is worn and the screen shows green (or none), then shot
 * worn and held bare (held-picture.ts's wornThenBare).
 */
async function wornColour(page: Page, serialNo: string, green: boolean): Promise<Worn> {
  await page
    .locator(`.model-cell[data-serial="${serialNo}"][aria-pressed="true"][aria-busy="false"]`)
    .waitFor({ timeout: 60_000 });
  const drawn = async () => {
    const seen = greenPixels(await decodePicture((await shootPicture(page)).png));
    return green ? seen > GREEN_WORN : seen === 0;
  };
  await expect.poll(drawn, { timeout: 60_000 }).toBe(true);
  const { worn, bare } = await wornThenBare(page, null);
  const [a, b] = await Promise.all([decodePicture(worn.png), decodePicture(bare.png)]);
  return { green: greenPixels(a), frame: changedPixels(a, b, CHANGED) };
}

describe('two colours of one GLB', () => {
  it('shows one cell whose dots each wear their own colour', async () => {
    const seen = await withApp(server.url, { path: '/home?stats' }, async ({ page }) => {
      const tracked = (await readStats(page)).workerTracked;
      await choosePhoto(page, await stillFacePicture());
      await trackedSince(page, tracked);
      // One cell for the model, with a dot per colour.
      const cells = page.locator('.model-cell', { hasText: GROUP });
      await expect.poll(() => cells.count()).toBe(1);
      await cells.first().click();
      const black = await wornColour(page, COLOURS[0]!.serialNo, false);
      await swatch(page, COLOURS[1]!.colour).click();
      const green = await wornColour(page, COLOURS[1]!.serialNo, true);
      expect(await swatch(page, COLOURS[1]!.colour).getAttribute('aria-pressed')).toBe('true');
      // And back: the first colour is its own frame, not the second's materials kept.
      await swatch(page, COLOURS[0]!.colour).click();
      const again = await wornColour(page, COLOURS[0]!.serialNo, false);
      return { black, green, again };
    });
    console.log('shared colours:', JSON.stringify(seen));
    // Each colour's frame is drawn, green only where the green one is worn.
    for (const worn of [seen.black, seen.green, seen.again])
      expect(worn.frame).toBeGreaterThan(FRAME_DRAWN);
    expect([seen.black.green, seen.green.green > GREEN_WORN, seen.again.green]).toEqual([
      0,
      true,
      0,
    ]);
  });
});
