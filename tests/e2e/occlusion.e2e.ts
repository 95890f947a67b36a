// The head hides the far temple (issue 52): photos of a real head turned away, worn with a frame
// whose temples glow green (marked-temples.mjs), judged on the screen against the same picture
// held bare: the temple on the side the face turns from must not show on the head, whose outline
// is the studio backdrop's edge (an independent detector says which side turns away). As a photo
// and as the front camera, mirrored; and, further turned than any clip, the known face (the
// canonical mesh painted with a real face, known-face-fixtures.ts) at 30° and 50°, whose outline
// is a flat grey backdrop's edge. Nothing read from the app decides it.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { markedTemples } from '../corpus/marked-temples.mjs';
import { movingFramePicture } from '../outside/clips.mjs';
import { decodePicture } from '../outside/picture-judge';
import { shootPicture, type Shot } from '../outside/screen';
import type { Picture } from '../outside/barcode.mjs';
import { closeReference, detectLandmarks } from '../outside/reference-faces';
import {
  flatBackdrop,
  greenPixels,
  studioBackdrop,
  templeHide,
  type Backdrop,
  type TempleHide,
} from '../outside/temple-hide';
import { readStats, startCamera, wearGlasses } from './app-page';
import { withApp } from './app-session';
import { CACHE, ffmpegCached, prepareFixtures } from './fixtures.mjs';
import { trackedSince, whileHeld, wornThenBare } from './held-picture';
import { knownTurnedPhotos } from './known-face-fixtures';
import { choosePhoto } from './media-helpers';
import { shopCopy } from './shop-copy';

const fixtures = await prepareFixtures();
/** The astronaut only rolls its head: a turned head needs the real footage. */
const WHY_SKIPPED =
  fixtures.source === 'shared' ? '' : 'no ../shared/assets/video here: no head turned away';
if (WHY_SKIPPED) console.warn(`[occlusion] skipped: ${WHY_SKIPPED}`);
/** portrait-turn's head turned furthest (seconds; 19° and 18° to the reference), each a photo. */
const TURNED_AT = ['0.6', '3.0'];
/** The known face's turns, degrees (the reference reads 28.8° and 47°): the 20–60°. */
const KNOWN_TURNS = [30, 50];
/** How far short of its stated turn the reference may read a picture, degrees. */
const TURN_SHORT_DEG = 5;
/** portrait-turn's photos are taken as turned at least this much (+ TURN_SHORT_DEG), degrees. */
const PORTRAIT_TURN_DEG = 20;
const SERIAL = '901';
const PATH = '/home?stats';
const SHOTS = 'test-results/occlusion';
/** The frame with green temples: the black acetate frame's (thick temples). */
const SOURCE = 'public/models/002.glb';
/**
 * The far temple's pixels allowed on the head (HEAD_MARGIN_PX inside the backdrop's edge), as a
 * share of all the far temple's pixels: none on portrait-turn and on the known face painted from
 * the webcam; 0.037 on the astronaut's at 50°, where the temple's front end, seen through the far
 * lens, crosses the nose's outline by 1–2 px. Faults: with the average head, 0.26, 0.20 and 0.28
 * on portrait-turn (the known face, the average's shape, passes with it); with no head drawn at
 * all, 0.39 and 0.12 on the known face at 30° and 50° (this test, run each way).
 */
const FAR_ON_HEAD = 0.08;
/**
 * The near temple's pixels, whole from hinge to ear: 523–666 here; 349–520 with the average
 * head, and 346 with the face fitted but the arms bent to the average head (the fitted cheek
 * then hides their middle).
 */
const NEAR_SHOWN = 400;
/** The far temple's pixels between the lens's rim and the cheek, over the backdrop: 156–166. */
const FAR_OFF_HEAD = 50;

let server: { url: string; close(): Promise<void> };
let root: string;
beforeAll(async () => {
  const bytes = await markedTemples(new Uint8Array(await readFile(SOURCE)));
  const value = 'models/marked-temples.glb';
  root = await shopCopy('occlusion', [{ serialNo: SERIAL, text: '绿色镜腿', value, bytes }]);
  server = await startServer({ dir: root, port: 0 });
});
afterAll(async () => {
  await closeReference();
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** portrait-turn's frame at `at` seconds, as a PNG photo. */
const turnedPhoto = (at: string) => movingFramePicture(at, `turned-${at}.png`);

/** How far a pose (column-major 4×4) turns the face about the picture's vertical, degrees. */
const poseTurnDeg = (m: number[]) =>
  (Math.asin(Math.min(1, Math.abs(m[2]!) / Math.hypot(m[0]!, m[1]!, m[2]!))) * 180) / Math.PI;

interface Judged {
  label: string;
  /** The turn the picture should show, degrees. */
  turnDeg: number;
  yawDeg: number;
  hide: TempleHide;
  /** Whether the backdrop key reads the far side's edge as backdrop, and the nose as the head. */
  key: { edge: boolean; nose: boolean };
}

/** One worn picture against itself held bare; the shots are kept in test-results/occlusion/. */
async function judge(
  label: string,
  turnDeg: number,
  backdrop: Backdrop,
  worn: Shot,
  bare: Shot,
): Promise<Judged> {
  await mkdir(SHOTS, { recursive: true });
  await writeFile(join(SHOTS, `${label}.png`), worn.png);
  await writeFile(join(SHOTS, `${label}-bare.png`), bare.png);
  const [a, b] = await Promise.all([decodePicture(worn.png), decodePicture(bare.png)]);
  const face = await detectLandmarks(b);
  expect(face, `the reference finds the face (${label})`).not.toBeNull();
  const hide = templeHide(a, b, face!, [...worn.covered, ...bare.covered], backdrop);
  const pixel = (x: number, y: number) => Math.round(y) * b.width + Math.round(x);
  const eyesY = ((face!.points[33]!.y + face!.points[263]!.y) / 2) * b.height;
  const nose = face!.points[1]!;
  return {
    label,
    turnDeg,
    yawDeg: poseTurnDeg(face!.matrix),
    hide,
    key: {
      edge: backdrop(b, pixel(hide.farSide === 'left' ? 0 : b.width - 1, eyesY)),
      nose: backdrop(b, pixel(nose.x * b.width, nose.y * b.height)),
    },
  };
}

/** What a turned head must show: turned, read, its temples drawn, the far one hidden. */
function expectHidden({ label, turnDeg, yawDeg, hide, key }: Judged): void {
  expect(yawDeg, `turn (${label})`).toBeGreaterThan(turnDeg - TURN_SHORT_DEG);
  expect(key, `backdrop key (${label})`).toEqual({ edge: true, nose: false });
  expect(hide.nearPx, `near temple (${label})`).toBeGreaterThan(NEAR_SHOWN);
  const share = hide.farOnHeadPx / hide.farPx;
  expect(share, `far temple on the head (${label})`).toBeLessThan(FAR_ON_HEAD);
}

/**
 * On a whole head (the studio's), the far temple shows between the lens's rim and the cheek:
 * the head drawn is not swollen past the real one. The known face has no skull behind it, where
 * the app's head hides the temple, so this is not asked of it.
 */
function expectFarBeyondCheek({ label, hide }: Judged): void {
  expect(hide.farPx - hide.farOnHeadPx, `far temple off the head (${label})`).toBeGreaterThan(
    FAR_OFF_HEAD,
  );
}

/** Each photo worn then held bare, in one app: the frame is put on at the first. */
async function photoLooks(
  photos: readonly { png: string; label: string; turnDeg: number }[],
  backdrop: Backdrop,
): Promise<Judged[]> {
  return withApp(server.url, { path: PATH }, async ({ page }) => {
    const out: Judged[] = [];
    let previous: Shot | null = null;
    for (const [k, { png, label, turnDeg }] of photos.entries()) {
      const tracked = (await readStats(page)).workerTracked;
      await choosePhoto(page, png);
      await trackedSince(page, tracked);
      if (k === 0) await wearGlasses(page, SERIAL);
      const { worn, bare } = await wornThenBare(page, previous);
      previous = worn;
      out.push(await judge(label, turnDeg, backdrop, worn, bare));
    }
    return out;
  });
}

/** A PNG's top-left pixel (r, g, b): the known face's backdrop. */
async function cornerColour(png: string): Promise<number[]> {
  const picture = await decodePicture(await readFile(png));
  return [...picture.data.subarray(0, 3)];
}

/** The screen once its picture is one `ok` takes (within 60 s). */
async function shotWhere(page: Page, ok: (picture: Picture) => boolean): Promise<Shot> {
  let found: Shot | null = null;
  const seen = async () => {
    const shot = await shootPicture(page);
    if (ok(await decodePicture(shot.png))) found = shot;
    return found !== null;
  };
  await expect.poll(seen, { timeout: 60_000 }).toBe(true);
  return found!;
}

/** The first turned photo as a front camera: a still picture at 5 fps with no band, mirrored. */
async function turnedCamera(): Promise<string> {
  const photo = await turnedPhoto(TURNED_AT[0]!);
  const y4m = join(CACHE, `turned-${TURNED_AT[0]}.y4m`);
  const loop = ['-loop', '1', '-framerate', '5', '-i', photo, '-t', '2', '-pix_fmt', 'yuv420p'];
  await ffmpegCached(y4m, [photo], loop);
  return y4m;
}

describe.skipIf(WHY_SKIPPED)('the head hides what is behind it', () => {
  it('shows none of the far temple on a head turned away', async () => {
    const photos = await Promise.all(
      TURNED_AT.map(async (at) => ({
        png: await turnedPhoto(at),
        label: `photo-${at}s`,
        turnDeg: PORTRAIT_TURN_DEG,
      })),
    );
    const seen = await photoLooks(photos, studioBackdrop);
    console.log('temple hide:', JSON.stringify(seen));
    seen.forEach(expectHidden);
    seen.forEach(expectFarBeyondCheek);
  });

  it('shows none of it on the front camera, mirrored', async () => {
    const cameraY4m = await turnedCamera();
    const seen = await withApp(server.url, { path: PATH, cameraY4m }, async ({ page }) => {
      await startCamera(page);
      await trackedSince(page, 0);
      await wearGlasses(page, SERIAL);
      // A live picture is never steady for certain: each shot is taken for what it shows.
      const worn = await shotWhere(page, (p) => greenPixels(p) > NEAR_SHOWN);
      const bare = await whileHeld(page, () => shotWhere(page, (p) => greenPixels(p) === 0));
      return judge(`camera-${TURNED_AT[0]}s`, PORTRAIT_TURN_DEG, studioBackdrop, worn, bare);
    });
    console.log('temple hide, camera:', JSON.stringify(seen));
    // The mirrored picture turns the other way.
    expect(seen.hide.farSide).toBe('right');
    expectHidden(seen);
    expectFarBeyondCheek(seen);
  });
});

describe('the head hides what is behind it, turned 30° and 50°', () => {
  it('shows none of the far temple on a face of known shape', async () => {
    const { pngs } = await knownTurnedPhotos(KNOWN_TURNS);
    const photos = pngs.map((png, k) => ({
      png,
      label: `known-${KNOWN_TURNS[k]}deg`,
      turnDeg: KNOWN_TURNS[k]!,
    }));
    const seen = await photoLooks(photos, flatBackdrop(await cornerColour(pngs[0]!)));
    console.log('temple hide, known face:', JSON.stringify(seen));
    seen.forEach(expectHidden);
  });
});
