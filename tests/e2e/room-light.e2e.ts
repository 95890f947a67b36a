// The frame lit by the room (issue 52): one face photographed four ways (lit from the left, from
// the right, warm, cold: lit-photos.mjs), the glasses judged on the screen against the same
// picture held bare. The frame's brighter side is the face's, and its colour leans as the
// picture's does. Nothing read from the app decides it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { frameLight, type FrameLight } from '../outside/frame-light';
import { decodePicture } from '../outside/picture-judge';
import { shootPicture, type Shot } from '../outside/screen';
import { selectGlasses, waitForStats } from './app-page';
import { withApp } from './app-session';
import { litPhotos } from './lit-photos.mjs';
import { choosePhoto, DIST_DIR } from './media-helpers';

const photos = await litPhotos();
/**
 * The lit side's share of the frame's brightness (its left half over its right) lit from the
 * left, over the same lit from the right; and its red over blue warm, over the same cold. The
 * studio's light alone (`?light=off`) read 1.46 and 1.19: the measure's own lean (a dark frame
 * over dark skin darkens fewer pixels past CHANGED, and the lenses' edges show the picture);
 * the room's light 2.46 and 1.80 (this test, run once with `&light=off` added).
 */
const SIDE_FOLLOWS = 2;
const CAST_FOLLOWS = 1.4;

let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

/** The screen once it shows a picture other than `previous` and stays on it. */
async function settledShot(page: Page, previous: Shot | null): Promise<Shot> {
  let shot: Shot | null = null;
  await expect
    .poll(
      async () => {
        shot = await shootPicture(page);
        if (previous?.png.equals(shot.png)) return false;
        return shot.png.equals((await shootPicture(page)).png);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return shot!;
}

/** Each photo worn and held bare, as the screen shows them: the frame's light in each. */
async function lightsOf(path: string): Promise<Record<keyof typeof photos, FrameLight>> {
  return withApp(server.url, { path }, async ({ page }) => {
    const picture = page.getByTestId('picture');
    const lights = {} as Record<keyof typeof photos, FrameLight>;
    let previous: Shot | null = null;
    for (const look of ['left', 'right', 'warm', 'cold'] as const) {
      await choosePhoto(page, photos[look]);
      if (!previous) await selectGlasses(page, '002'); // a black acetate frame
      await waitForStats(page, (s) => s.face === 1 && s.eyes.length === 4, 60_000);
      const worn = await settledShot(page, previous);
      previous = worn;
      const box = (await picture.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.waitForTimeout(500);
      const bare = await shootPicture(page);
      await page.mouse.up();
      // What is drawn over the picture (the hint to hold it) is left out of both.
      const covered = [...worn.covered, ...bare.covered];
      const [a, b] = await Promise.all([decodePicture(worn.png), decodePicture(bare.png)]);
      lights[look] = frameLight(a, b, covered);
    }
    return lights;
  });
}

describe('the frame lit by the room', () => {
  it('is brighter on the side the face is lit from, and warmer in a warm picture', async () => {
    // Without the contact shadow: on bright skin it darkens past CHANGED, read as frame.
    const lit = await lightsOf('/home?stats&shadow=off');
    const side = (l: FrameLight) => l.left / l.right;
    const cast = (l: FrameLight) => l.red / l.blue;
    const figures = (l: typeof lit) => ({
      side: side(l.left) / side(l.right),
      cast: cast(l.warm) / cast(l.cold),
    });
    console.log('frame light:', JSON.stringify({ ...figures(lit), lit }));
    // Each half of the frame drawn and read in each picture.
    for (const l of Object.values(lit)) {
      expect(Math.min(l.pixels.left, l.pixels.right)).toBeGreaterThan(200);
    }
    expect(figures(lit).side).toBeGreaterThan(SIDE_FOLLOWS);
    expect(figures(lit).cast).toBeGreaterThan(CAST_FOLLOWS);
  });
});
