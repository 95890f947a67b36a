// A still picture worn and held bare (press and hold to compare), each shot once the screen
// shows it: the hold takes effect a moment after the press, later on a loaded machine.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { shootPicture, type Shot } from '../outside/screen';
import { screenState, waitForStats } from './app-page';
import { recentConsole } from './app-session';

/**
 * The screen once it shows a picture other than `previous` and stays on it. Past the deadline it
 * says which way it failed (the previous picture kept, or never two equal shots running) with
 * what the page said.
 */
export async function settledShot(page: Page, previous: Shot | null): Promise<Shot> {
  let shot: Shot | null = null;
  const looks = { previous: 0, changing: 0 };
  try {
    await expect
      .poll(
        async () => {
          shot = await shootPicture(page);
          if (previous?.png.equals(shot.png)) {
            looks.previous++;
            return false;
          }
          const steady = shot.png.equals((await shootPicture(page)).png);
          if (!steady) looks.changing++;
          return steady;
        },
        { timeout: SETTLE_MS },
      )
      .toBe(true);
  } catch (error) {
    const shown = await page
      .evaluate(screenState)
      .catch((why: unknown) => `unread: ${String(why)}`);
    throw new Error(
      `the screen did not settle on a new picture in ${SETTLE_MS / 1000} s: ` +
        `${looks.previous} looks showed the previous picture, ${looks.changing} changed between ` +
        `two shots; screen: ${shown}; console: ${JSON.stringify(recentConsole(page))}`,
      { cause: error },
    );
  }
  return shot!;
}

const SETTLE_MS = 60_000;

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
 * last picture's), then held bare: the first steady picture other than the worn one. Wait for
 * the new picture's own detection first (`trackedSince`): a new photo shows bare until then.
 */
export async function wornThenBare(
  page: Page,
  previousWorn: Shot | null,
): Promise<{ worn: Shot; bare: Shot }> {
  const worn = await settledShot(page, previousWorn);
  return { worn, bare: await whileHeld(page, () => settledShot(page, worn)) };
}

/** Waits for a detection after `tracked` (a stats count read before the picture changed). */
export async function trackedSince(page: Page, tracked: number): Promise<void> {
  await waitForStats(page, (s) => s.workerTracked > tracked && s.face === 1 && s.eyes.length === 4);
}
