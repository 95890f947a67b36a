// A still picture worn and held bare (press and hold to compare), each shot once the screen
// shows it: the hold takes effect a moment after the press, later on a loaded machine.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { picturesDiffer } from '../outside/picture-change';
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
    throw new Unsettled(
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
 * How long a hold may take to show the picture bare: the label over it changes at once, the
 * picture once the engine has drawn it without the glasses (later on a loaded machine).
 */
const HIDE_MS = 20_000;

const bytesDiffer = async (a: Shot, b: Shot) => !a.png.equals(b.png);

/** Settling past its deadline. */
class Unsettled extends Error {}

/** The next steady picture whose own pixels differ from `previous`'s; null past HIDE_MS. */
const newPicture = (page: Page, previous: Shot) =>
  settledShot(page, previous, { differs: picturesDiffer, timeoutMs: HIDE_MS }).catch(
    (error: unknown) => {
      if (error instanceof Unsettled) return null;
      throw error;
    },
  );

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
 * last picture's), then held bare: a pair the screen shows in turn. Held, the first steady
 * picture whose own pixels differ from the worn one; released, the worn one again. A new photo
 * can stand bare a moment after its detection and get its glasses during the hold, before the
 * late hide: then holding changes nothing, or the held picture is the worn one and stays after
 * the release, and the pair is shot once more from the picture shown. Wait for the new picture's
 * own detection first (`trackedSince`): a new photo shows bare until then.
 */
export async function wornThenBare(
  page: Page,
  previousWorn: Shot | null,
): Promise<{ worn: Shot; bare: Shot }> {
  let worn = await settledShot(page, previousWorn);
  for (let hold = 1; ; hold++) {
    const bare = await whileHeld(page, () => newPicture(page, worn));
    const back = bare && (await newPicture(page, bare));
    if (bare && back && !(await picturesDiffer(back, worn))) return { worn, bare };
    const why = !bare
      ? `holding changed none of the picture in ${HIDE_MS / 1000} s`
      : !back
        ? 'released, the picture held stayed'
        : 'released, the screen showed another picture than the worn one';
    if (hold >= 2) throw new Error(`no worn picture and its bare one, held twice: ${why}`);
    console.log(`[held-picture] ${why}: the pair shot again`);
    worn = back ?? bare ?? (await settledShot(page, worn));
  }
}

/** Waits for a detection after `tracked` (a stats count read before the picture changed). */
export async function trackedSince(page: Page, tracked: number): Promise<void> {
  await waitForStats(page, (s) => s.workerTracked > tracked && s.face === 1 && s.eyes.length === 4);
}
