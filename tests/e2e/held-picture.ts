// A still picture worn and held bare (press and hold to compare), each shot once the screen
// shows it: the hold takes effect a moment after the press, later on a loaded machine.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { decodePicture, inRects } from '../outside/picture-judge';
import { shootPicture, type Shot } from '../outside/screen';
import { screenState, waitForStats } from './app-page';
import { recentConsole } from './app-session';

/**
 * The screen once it shows a picture other than `previous` (by `differs`: any byte, unless said)
 * and stays on it. Past the deadline it says which way it failed (the previous picture kept, or
 * never two equal shots running) with what the page said.
 */
export async function settledShot(
  page: Page,
  previous: Shot | null,
  { differs = bytesDiffer, timeoutMs = SETTLE_MS } = {},
): Promise<Shot> {
  let shot: Shot | null = null;
  const looks = { previous: 0, changing: 0 };
  try {
    await expect
      .poll(
        async () => {
          shot = await shootPicture(page);
          if (previous && !(await differs(shot, previous))) {
            looks.previous++;
            return false;
          }
          const steady = shot.png.equals((await shootPicture(page)).png);
          if (!steady) looks.changing++;
          return steady;
        },
        { timeout: timeoutMs },
      )
      .toBe(true);
  } catch (error) {
    const shown = await page
      .evaluate(screenState)
      .catch((why: unknown) => `unread: ${String(why)}`);
    throw new Error(
      `the screen did not settle on a new picture in ${timeoutMs / 1000} s: ` +
        `${looks.previous} looks showed the previous picture, ${looks.changing} changed between ` +
        `two shots; screen: ${shown}; console: ${JSON.stringify(recentConsole(page))}`,
      { cause: error },
    );
  }
  return shot!;
}

const SETTLE_MS = 60_000;
/**
 * How long a hold may take to hide the glasses: the label under the picture changes at once, the
 * picture when the engine has drawn it bare.
 */
const HIDE_MS = 20_000;

const bytesDiffer = async (a: Shot, b: Shot) => !a.png.equals(b.png);

/**
 * Whether the picture itself differs, outside what is drawn over either shot (the hold's label
 * changes as the press becomes a hold, before the engine hides the glasses): at least
 * PICTURE_CHANGE pixels with a channel changed by more than CHANNEL_CHANGE.
 */
async function pictureDiffers(a: Shot, b: Shot): Promise<boolean> {
  const [p, q] = await Promise.all([decodePicture(a.png), decodePicture(b.png)]);
  if (p.width !== q.width || p.height !== q.height) return true;
  const covered = [...a.covered, ...b.covered];
  let changed = 0;
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      if (inRects(covered, x, y)) continue;
      const i = (y * p.width + x) * p.channels;
      const j = (y * q.width + x) * q.channels;
      for (let c = 0; c < 3; c++) {
        if (Math.abs(p.data[i + c]! - q.data[j + c]!) > CHANNEL_CHANGE) {
          if (++changed >= PICTURE_CHANGE) return true;
          break;
        }
      }
    }
  }
  return false;
}
/** Worn, frame 002 changes 3 000–4 000 of the picture's pixels (room-light.e2e.ts logs them). */
const PICTURE_CHANGE = 100;
const CHANNEL_CHANGE = 16;
/** `shoot` while the picture is held (the glasses hidden), released after whatever happens. */
export async function whileHeld<T>(page: Page, shoot: () => Promise<T>): Promise<T> {
  const box = (await page.getByTestId('picture').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  try {
    return await shoot();
  } finally {
    await page.mouse.up();
  }
}

/**
 * A new still picture worn, once the screen steadily shows one other than `previousWorn` (the
 * last picture's), then held bare: the first steady picture whose own pixels differ from the
 * worn one. A hold that changes no pixel within HIDE_MS found no glasses to hide: a new photo can
 * stand steady bare for a moment after its detection, so the worn picture is awaited again once,
 * as the next steady picture other than it. Wait for the new picture's own detection first
 * (`trackedSince`): a new photo shows bare until then.
 */
export async function wornThenBare(
  page: Page,
  previousWorn: Shot | null,
): Promise<{ worn: Shot; bare: Shot }> {
  let worn = await settledShot(page, previousWorn);
  for (let hold = 1; ; hold++) {
    const held = () => settledShot(page, worn, { differs: pictureDiffers, timeoutMs: HIDE_MS });
    try {
      return { worn, bare: await whileHeld(page, held) };
    } catch (error) {
      if (hold >= 2) throw error;
      console.log(`[held-picture] holding hid nothing in ${HIDE_MS / 1000} s: worn shot again`);
    }
    worn = await settledShot(page, worn);
  }
}

/** Waits for a detection after `tracked` (a stats count read before the picture changed). */
export async function trackedSince(page: Page, tracked: number): Promise<void> {
  await waitForStats(page, (s) => s.workerTracked > tracked && s.face === 1 && s.eyes.length === 4);
}
