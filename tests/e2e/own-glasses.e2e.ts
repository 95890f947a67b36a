// 摘掉我的眼镜 (issue 52): a wearer's own thin metal frame taken off the picture, and the app
// saying whether it recognised one. Photos of a man in thin round metal glasses
// (own-glasses-thin.mp4), of a man in clear round glasses (own-glasses-round.mp4) and of a man
// without (east-asian-face), judged on the screen with it off, on, and off again: around the eyes
// an independent detector finds on the screen, the thin lines that are left (read otherwise than
// the app finds them: eye-band-lines.ts) against the bare face's own, and away from the eyes,
// nothing changed. What the app says is read off the screen: sure on the thin frame, not sure on
// the clear one (whose rims it does not tell from a face's lines) and on the bare face.
// Nothing read from the app decides it.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { faceFrame, lineShare, meanChange, outsideFace } from '../outside/eye-band-lines';
import { decodePicture } from '../outside/picture-judge';
import { closeReference, detectLandmarks } from '../outside/reference-faces';
import { zhCN } from '../../src/i18n/zh-CN';
import { readStats } from './app-page';
import { withApp } from './app-session';
import { CACHE, ffmpegCached } from './fixtures.mjs';
import { settledShot, trackedSince } from './held-picture';
import { choosePhoto, DIST_DIR } from './media-helpers';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const VIDEOS = fileURLToPath(new URL('../../../shared/assets/video/', import.meta.url));
const SOURCES = {
  /** A man in round metal glasses, facing the camera. */
  wearer: join(VIDEOS, 'own-glasses-thin.mp4'),
  /** A man without glasses, facing the camera: what a face's own lines read. */
  bare: join(VIDEOS, 'east-asian-face.mp4'),
  /** A man in clear round glasses, whose rims the app does not tell from a face's own lines. */
  clear: join(VIDEOS, 'own-glasses-round.mp4'),
};
const WHY_SKIPPED = (
  await Promise.all(Object.values(SOURCES).map((p) => stat(p).catch(() => null)))
).every(Boolean)
  ? ''
  : 'no ../shared/assets/video here: no wearer in their own glasses';
if (WHY_SKIPPED) console.warn(`[own-glasses] skipped: ${WHY_SKIPPED}`);
/** Each face as a photo, 1 s in. */
const photoOf = (who: keyof typeof SOURCES) => join(CACHE, `own-glasses-${who}-1s.png`);

/**
 * The wearer's band: its thin lines with the frame taken off, over the bare face's (a face's own
 * lines: brows, lids' creases, skin): 1.24 here (0.0219 of the band's pixels against 0.0176),
 * and 1.72 with the fill drawn at a fifth of its strength (this test, run once with the mask's
 * gain 0.5 for 2.5 in own-glasses-shaders.ts). With the toggle doing nothing the screen does not
 * change, and the test fails waiting for it (run once so).
 */
const LEFT_OVER_BARE = 1.6;
/** The wearer's own thin lines left with the frame taken off, as a share of them as they are (0.43). */
const WEARER_LEFT = 0.55;
/** The wearer's band as it is, over the bare face's: its frame is there to take off (2.9). */
const FRAME_OVER_BARE = 2;
/** On the bare face, the share of its own lines kept with the toggle on (0.94 here). */
const BARE_KEPT = 0.8;
/** Away from the eyes, the mean brightness change (0–255): none, but for the screen's rounding. */
const UNCHANGED = 0.5;

let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  if (WHY_SKIPPED) return;
  for (const [who, source] of Object.entries(SOURCES)) {
    const photo = photoOf(who as keyof typeof SOURCES);
    await ffmpegCached(photo, [source], ['-ss', '1', '-i', source, '-frames:v', '1']);
  }
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(async () => {
  await closeReference();
  await server?.close();
});

/** What the app says once it has read the picture: a frame recognised, or none (not sure). */
const SAYS = { sure: zhCN.ownGlassesOffNote, notSure: zhCN.ownGlassesNotSeen };

/**
 * A photo as the screen shows it with 摘掉我的眼镜 off, on, and off again, and whether the app
 * said it was sure (its note goes when it is turned off, so each photo's note is its own).
 */
async function shotsOf(page: Page, photo: string) {
  const tracked = (await readStats(page)).workerTracked;
  await choosePhoto(page, photo);
  await trackedSince(page, tracked);
  const toggle = page.getByRole('button', { name: '摘掉我的眼镜' });
  const said = page.getByRole('status').getByText(new RegExp(Object.values(SAYS).join('|')));
  const shots = [await settledShot(page, null)];
  let sure: boolean | null = null;
  for (const _ of [1, 2]) {
    await toggle.click();
    if (sure === null) {
      await said.waitFor({ timeout: 30_000 });
      sure = (await said.textContent())!.includes(SAYS.sure);
      // Turned off, its note goes at once, well before its 7 s would end (own-glasses-control.tsx).
    } else await said.waitFor({ state: 'detached', timeout: 3_000 });
    const shot = await settledShot(page, shots.at(-1)!).catch((error: unknown) => {
      throw new Error(`the screen did not change when 摘掉我的眼镜 was tapped: ${String(error)}`);
    });
    shots.push(shot);
  }
  const [asIs, off, back] = await Promise.all(shots.map((s) => decodePicture(s.png)));
  const covered = shots.flatMap((s) => s.covered);
  const landmarks = await detectLandmarks(asIs!);
  expect(landmarks, 'the reference finds the face on the screen').not.toBeNull();
  const face = faceFrame(landmarks!);
  const away = (x: number, y: number) => outsideFace(face, x, y);
  return {
    sure,
    lines: { asIs: lineShare(asIs!, face, covered), off: lineShare(off!, face, covered) },
    changed: {
      away: meanChange(asIs!, off!, covered, away),
      back: meanChange(asIs!, back!, covered, () => true),
    },
  };
}

describe.skipIf(WHY_SKIPPED)('摘掉我的眼镜', () => {
  it("takes the wearer's thin frame off around the eyes, nothing else, and says how sure it is", async () => {
    const seen = await withApp(server.url, { path: '/home?stats' }, async ({ page }) => ({
      wearer: await shotsOf(page, photoOf('wearer')),
      bare: await shotsOf(page, photoOf('bare')),
      clear: await shotsOf(page, photoOf('clear')),
    }));
    console.log('[own-glasses]', JSON.stringify(seen));
    const { wearer, bare, clear } = seen;
    expect(wearer.sure, 'sure of the thin frame').toBe(true);
    expect(bare.sure, 'not sure on a face without glasses').toBe(false);
    expect(clear.sure, 'not sure of a clear frame').toBe(false);
    expect(wearer.lines.asIs / bare.lines.asIs).toBeGreaterThan(FRAME_OVER_BARE);
    expect(wearer.lines.off / bare.lines.asIs).toBeLessThan(LEFT_OVER_BARE);
    expect(wearer.lines.off / wearer.lines.asIs).toBeLessThan(WEARER_LEFT);
    expect(bare.lines.off / bare.lines.asIs).toBeGreaterThan(BARE_KEPT);
    for (const { changed } of [wearer, bare, clear]) {
      expect(changed.away).toBeLessThan(UNCHANGED);
      // Turned off again, the picture is the photo as it came.
      expect(changed.back).toBeLessThan(UNCHANGED);
    }
  });
});
