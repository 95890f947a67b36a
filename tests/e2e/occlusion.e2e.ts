// The head hides the far temple (issue 52): photos of a real head turned away, worn with a frame
// whose temples glow green (marked-temples.mjs), judged on the screen against the same picture
// held bare: the temple on the side the face turns from must not show on the head, whose outline
// is the studio backdrop's edge (an independent detector says which side turns away). As a photo,
// as the front camera, mirrored, and as the file playing (each shot against the source frame its
// band names); and, further turned than any clip, the known face (the
// canonical mesh painted with a real face, known-face-fixtures.ts) at 30° and 50°, whose outline
// is a flat grey backdrop's edge. Nothing read from the app decides it.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { markedTemples } from '../corpus/marked-temples.mjs';
import { readCode, type Picture } from '../outside/barcode.mjs';
import { movingFramePicture, prepareCodedClips } from '../outside/clips.mjs';
import { decodePicture, judgeAgainst } from '../outside/picture-judge';
import { closeReference, detectLandmarks } from '../outside/reference-faces';
import { registered } from '../outside/resample';
import { shootFor, shootPicture, type Shot } from '../outside/screen';
import { sourceFrame } from '../outside/source-frames.mjs';
import { flatBackdrop, greenPixels, studioBackdrop, type Backdrop } from '../outside/temple-hide';
import { readStats, startCamera, wearGlasses } from './app-page';
import { withApp } from './app-session';
import { CACHE, ffmpegCached, prepareFixtures } from './fixtures.mjs';
import { trackedSince, whileHeld, wornThenBare } from './held-picture';
import { knownTurnedPhotos } from './known-face-fixtures';
import { chooseFile, choosePhoto } from './media-helpers';
import {
  expectFarBeyondCheek,
  expectFarHiddenPlaying,
  expectNoPlayingGlitch,
  expectHidden,
  judgeLook,
  NEAR_SHOWN,
  poseTurnDeg,
  type Judged,
} from './occlusion-looks';
import { shopCopy } from './shop-copy';

const fixtures = await prepareFixtures();
/** The astronaut only rolls its head: a turned head needs the real footage. */
const WHY_SKIPPED =
  fixtures.source === 'shared' ? '' : 'no ../shared/assets/video here: no head turned away';
if (WHY_SKIPPED) console.warn(`[occlusion] skipped: ${WHY_SKIPPED}`);
/** portrait-turn's head turned furthest (seconds; 19° and 18° to the reference), each a photo. */
const TURNED_AT = ['0.6', '3.0'];
/**
 * The known face's turns, degrees, and the least the reference must read on each (it reads
 * 28.8–30.3° and 45.8–47°, the webcam's face and the astronaut's): the 20–60°.
 */
const KNOWN_TURNS = [
  { deg: 30, min: 25 },
  { deg: 50, min: 40 },
];
/** The least turn the reference must read on portrait-turn's photos (18.4–18.9°), degrees. */
const PORTRAIT_MIN_TURN_DEG = 15;
/**
 * portrait-turn playing: its shots whose source frame the reference reads turned this much
 * (degrees; the clip's first 6 s turn 12–19° one way) are judged, at least PLAYING_JUDGED.
 */
const PLAYING_MIN_TURN_DEG = 15;
/**
 * Shots judged at least: 15–21 here in 11 s, alone or beside three busy loops, 10–11 in
 * fresh-clone CI runs, 5 in a lane run that took 624 s instead of about 500 (a file's frame is
 * drawn once the pose at it is known: workers/pipeline/held-frames.ts); shooting goes on until
 * this many are judged (PLAYING_SHOOT_MS).
 */
const PLAYING_JUDGED = 6;
/** How long shooting and judging the playing file may go on for PLAYING_JUDGED judged frames. */
const PLAYING_SHOOT_MS = 40_000;
/** Green pixels on a shot whose temples are drawn (300–700 at these turns). */
const TEMPLES_ON = 100;
const SERIAL = '901';
const PATH = '/home?stats';
const SHOTS = 'test-results/occlusion';
/** The frame with green temples: the black acetate frame's (thick temples). */
const SOURCE = 'public/models/002.glb';
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

/** One worn shot against itself held bare; both are kept in test-results/occlusion/. */
async function judge(
  look: { label: string; minTurnDeg: number; backdrop: Backdrop },
  worn: Shot,
  bare: Shot,
): Promise<Judged> {
  await mkdir(SHOTS, { recursive: true });
  await writeFile(join(SHOTS, `${look.label}.png`), worn.png);
  await writeFile(join(SHOTS, `${look.label}-bare.png`), bare.png);
  const [a, b] = await Promise.all([decodePicture(worn.png), decodePicture(bare.png)]);
  const face = await detectLandmarks(b);
  expect(face, `the reference finds the face (${look.label})`).not.toBeNull();
  return judgeLook(look, a, b, face!, [...worn.covered, ...bare.covered]);
}

/** Each photo worn then held bare, in one app: the frame is put on at the first. */
async function photoLooks(
  photos: readonly { png: string; label: string; minTurnDeg: number }[],
  backdrop: Backdrop,
): Promise<Judged[]> {
  return withApp(server.url, { path: PATH }, async ({ page }) => {
    const out: Judged[] = [];
    let previous: Shot | null = null;
    for (const [k, { png, label, minTurnDeg }] of photos.entries()) {
      const tracked = (await readStats(page)).workerTracked;
      await choosePhoto(page, png);
      await trackedSince(page, tracked);
      if (k === 0) await wearGlasses(page, SERIAL);
      // Its temples drawn on it first: a new photo can stand steady bare for a moment.
      await shotWhere(page, (p) => greenPixels(p) > NEAR_SHOWN);
      const { worn, bare } = await wornThenBare(page, previous);
      previous = worn;
      out.push(await judge({ label, minTurnDeg, backdrop }, worn, bare));
    }
    return out;
  });
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
        minTurnDeg: PORTRAIT_MIN_TURN_DEG,
      })),
    );
    const seen = await photoLooks(photos, studioBackdrop);
    console.log('temple hide:', JSON.stringify(seen));
    seen.forEach(expectHidden);
    expectFarBeyondCheek(seen);
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
      const look = { label: `camera-${TURNED_AT[0]}s`, minTurnDeg: PORTRAIT_MIN_TURN_DEG };
      return judge({ ...look, backdrop: studioBackdrop }, worn, bare);
    });
    console.log('temple hide, camera:', JSON.stringify(seen));
    // The mirrored picture turns the other way.
    expect(seen.hide.farSide).toBe('right');
    expectHidden(seen);
    expectFarBeyondCheek([seen]);
  });

  it('shows none of it while the turning head plays', async () => {
    const clip = await (await prepareCodedClips()).movingFile();
    const seen: (Judged & { along: number })[] = [];
    const frames = new Set<number>();
    /**
     * A shot's code band (the rows its source frame's code covers, and one more) and the source
     * frame that code names (null: unread).
     */
    const codeOf = (shot: Picture) => {
      const band = Math.ceil((clip.bandRows * shot.height) / clip.height) + 1;
      return { band, code: readCode(shot, band - 1) };
    };
    /** Judges each new source frame a shot shows once, with the temples on and turned enough. */
    const judge = async (shots: Shot[]) => {
      for (const shot of shots) {
        const worn = await decodePicture(shot.png);
        const { band, code } = codeOf(worn);
        // Judged: each source frame once, with the temples on (none drawn at a loop's restart).
        if (!code || code.index >= clip.frames || frames.has(code.index)) continue;
        if (greenPixels(worn) < TEMPLES_ON) continue;
        frames.add(code.index);
        // The bare picture is the source frame the band names, as the screen draws it.
        const source = await sourceFrame(clip, code.index);
        const face = await detectLandmarks(source);
        if (!face || poseTurnDeg(face.matrix) < PLAYING_MIN_TURN_DEG) continue;
        const bare = { ...worn, data: registered(worn, source, false, band), channels: 3 };
        const covered = [...shot.covered, { x: 0, y: 0, width: worn.width, height: band }];
        // Where the frame sits against this frame's eyes along the eye line: the pose's lag.
        const eyes = [468, 473].flatMap((i) => [face.points[i]!.x, face.points[i]!.y]);
        const { along } = await judgeAgainst(worn, source, eyes, { covered, skipRows: band });
        const look = { label: `playing-${code.index}`, minTurnDeg: PLAYING_MIN_TURN_DEG };
        const judged = judgeLook({ ...look, backdrop: studioBackdrop }, worn, bare, face, covered);
        seen.push({ ...judged, along });
      }
    };
    await withApp(server.url, { path: PATH }, async ({ page }) => {
      await chooseFile(page, clip.file);
      await wearGlasses(page, SERIAL);
      // Shot until PLAYING_JUDGED frames are judged, however slowly this machine draws and
      // shoots (a slow one shows fewer of the clip's frames in a given time), within
      // PLAYING_SHOOT_MS: every judged shot counts, none is taken back.
      // Paused while judged: the judging takes about as long as the shooting, and a playing
      // file would only take the CPU from the tests beside this one.
      const started = Date.now();
      /** Shoots for `ms`, pauses and judges; returns the stats as they stood while playing. */
      const shootThenJudge = async (ms: number) => {
        const shots = await shootFor(page, ms);
        const stats = await readStats(page);
        await page.getByRole('button', { name: '暂停' }).click();
        await judge(shots);
        return stats;
      };
      let playing = await shootThenJudge(11_000);
      while (seen.length < PLAYING_JUDGED && Date.now() - started < PLAYING_SHOOT_MS) {
        // The paused picture is drawn again with its own pose, not a playing one, and stays on
        // the screen for the first shots after 播放: it is never judged.
        const { code } = codeOf(await decodePicture((await shootPicture(page)).png));
        if (code) frames.add(code.index);
        await page.getByRole('button', { name: '播放' }).click();
        playing = await shootThenJudge(4_000);
      }
      // For reading a failure only (never judged): frames drawn before their pose came, as they
      // stood while playing (the pause draws what is held without its pose).
      const { holdMs, heldGuessed, heldSkipped, cuts } = playing;
      console.log(
        'playing, held frames:',
        JSON.stringify({ holdMs, heldGuessed, heldSkipped, cuts, shotForMs: Date.now() - started }),
      );
    });
    console.log(
      'temple hide, playing:',
      JSON.stringify(seen.map(({ label, hide, along }) => [label, hide, along.toFixed(3)])),
    );
    // The head hides the far temple as on a still, but for a rare shot a few pixels off (see
    // PLAYING_GLITCH): the frame is drawn with the pose at its own picture, which a pose predicted
    // from earlier pictures is not while the head turns.
    expect(seen.length).toBeGreaterThanOrEqual(PLAYING_JUDGED);
    expectFarHiddenPlaying(seen);
    expectNoPlayingGlitch(seen);
    expectFarBeyondCheek(seen);
  });
});

describe('the head hides what is behind it, turned 30° and 50°', () => {
  it('shows none of the far temple on a face of known shape', async () => {
    const { pngs } = await knownTurnedPhotos(KNOWN_TURNS.map((t) => t.deg));
    const photos = pngs.map((png, k) => ({
      png,
      label: `known-${KNOWN_TURNS[k]!.deg}deg`,
      minTurnDeg: KNOWN_TURNS[k]!.min,
    }));
    const seen = await photoLooks(photos, flatBackdrop);
    console.log('temple hide, known face:', JSON.stringify(seen));
    seen.forEach(expectHidden);
    expectFarBeyondCheek(seen);
  });
});
