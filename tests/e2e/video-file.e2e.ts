// Video files in one session, judged on the screen against an independent detection of the file
// frame it shows (tests/outside/): a file opened while the engine gets ready waits at its start;
// a face file plays, is not mirrored, keeps the glasses on the eyes while it plays, pauses, seeks
// and loops; its photo and recording are decoded and judged; upright, wide, rolled and two-face
// files; a scene cut; and back to the camera, the file let go. Bad files: bad-video-files.e2e.ts.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { format } from '../../src/i18n';
import { zhCN } from '../../src/i18n/zh-CN';
import { prepareCodedClips, ROLL_STEP_DEG, type FileClip } from '../outside/clips.mjs';
import { FROZEN_S, judgeLive, liveSummary } from '../outside/live-judge';
import { decodePicture, judgePicture, type Reading } from '../outside/picture-judge';
import {
  bare,
  clipJudge,
  FILE_P95,
  STILL_OFF,
  MOVING_P50,
  MOVING_P95,
  onEyes,
  PRESENT,
  untilScreen,
} from '../outside/poll-screen';
import { holdSummary, readRecording } from '../outside/recording-judge';
import { ReferenceFaces } from '../outside/reference-faces';
import { shootFor, shootPicture } from '../outside/screen';
import { holdFaceModel, openApp, type AppSession } from './app-session';
import { cutTrace, judgeCut, presentedLogger } from './cut-judge.mjs';
import { chooseFile, DIST_DIR, saveDownload } from './media-helpers';
import { watchToasts } from './toast-watch';
import { prepareMotionFixtures } from './motion-fixtures.mjs';
import { lastRecordingInPage } from '../engines/page-hooks';

const clips = await prepareCodedClips();
const motion = await prepareMotionFixtures();
const file = await clips.movingFile();
/**
 * The glasses at rest on a rolled face: their long axis this close to the eye line (degrees; a
 * constant 3.7–5° on the still face, both ways, where one temple's front shows), and turned
 * this close to as far as the eyes (1.3° measured).
 */
const ROLL_LEVEL_DEG = 7;
const ROLL_TURN_DEG = 3;
/**
 * Glasses drawn on one of two faces side by side (each about 70 px between the eyes): more
 * pixels changed than a face's own compression noise changes.
 */
const GLASSES_PX = 150;

let server: { url: string; close(): Promise<void> };
const faces = new Map<FileClip, ReferenceFaces>();
const facesOf = async (clip: FileClip) => {
  if (!faces.has(clip)) faces.set(clip, await ReferenceFaces.of(clip));
  return faces.get(clip)!;
};

beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(async () => {
  for (const f of faces.values()) await f.close();
  await server?.close();
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const media = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector('video')!;
    return {
      time: v.currentTime,
      paused: v.paused,
      loop: v.loop,
      src: v.src,
      duration: v.duration,
    };
  });
/** Waits until the screen shows `clip` with `ok` (glasses on the eyes by default). */
const screenShows = async (page: Page, clip: FileClip, name: string, ok = onEyes(MOVING_P95)) =>
  untilScreen(name, () => shootPicture(page), clipJudge(clip, await facesOf(clip)), ok);
const wear = async (page: Page, serial: string) => {
  await page.locator(`.model-cell[data-serial="${serial}"]`).click();
  await page.locator(`.model-cell[data-serial="${serial}"][aria-pressed="true"]`).waitFor();
};
/** Opens `clip`, waits for its controls and for the screen to show it with the glasses on. */
async function openClip(page: Page, clip: FileClip, name: string): Promise<void> {
  await chooseFile(page, clip.file);
  await page.getByRole('group', { name: zhCN.videoPlayback }).waitFor({ timeout: 30_000 });
  await screenShows(page, clip, name);
}
/** Waits (the file plays on, looping) until it is between `fromS` and `toS` seconds in. */
const playingBetween = (page: Page, fromS: number, toS: number) =>
  page.waitForFunction(
    ([from, to]) => {
      const v = document.querySelector('video')!;
      return !v.paused && v.currentTime >= from! && v.currentTime <= to!;
    },
    [fromS, toS],
    { timeout: 30_000, polling: 50 },
  );
const mmss = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

describe('video files, one session', () => {
  let app: AppSession;
  let page: Page;
  const held = holdFaceModel();
  beforeAll(async () => {
    app = await openApp(server.url, {
      cameraY4m: clips.still.y4m,
      onContext: held.onContext,
      path: '/home?stats',
    });
    page = app.page;
  });
  afterAll(() => app?.close());

  it('waits at its start while the engine gets ready, then plays', async () => {
    await page.getByText('第 1 / 3 步').waitFor({ timeout: 60_000 });
    await chooseFile(page, file.file);
    const overlay = page.locator('.processing');
    await expect.poll(() => overlay.textContent()).toContain('正在准备试戴… 第 1 / 3 步');
    await expect.poll(async () => (await media(page)).duration).toBeGreaterThan(0);
    expect(await media(page)).toMatchObject({ time: 0, paused: true });
    held.release();
    await page.getByRole('group', { name: zhCN.videoPlayback }).waitFor({ timeout: 90_000 });
    await expect.poll(async () => (await media(page)).paused, { timeout: 30_000 }).toBe(false);
    expect(await overlay.count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('turns the camera off, plays the face unmirrored with the glasses on its eyes', async () => {
    await wear(page, '003');
    await button(page, zhCN.cameraOn).click();
    await button(page, zhCN.cameraOff).waitFor();
    const track = await page.evaluateHandle(
      () => (document.querySelector('video')!.srcObject as MediaStream).getVideoTracks()[0]!,
    );
    // What the loading states looked like, however briefly they showed.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { __seen: Set<string> }).__seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('.open-video')?.textContent === '加载中...') seen.add('button');
        if (document.querySelector('.processing .spinner')) seen.add('overlay');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await openClip(page, file, 'file-playing');
    expect(await track.evaluate((t) => t.readyState)).toBe('ended');
    expect(
      await page.evaluate(() => [...(window as unknown as { __seen: Set<string> }).__seen].sort()),
    ).toEqual(['button', 'overlay']);
    const bar = page.getByRole('group', { name: zhCN.videoPlayback });
    const slider = page.getByRole('slider', { name: zhCN.seek });
    expect(await slider.evaluate((el: HTMLInputElement) => [el.min, el.max, el.step])).toEqual([
      '0',
      '100',
      '1',
    ]);
    const { duration, loop } = await media(page);
    expect(loop).toBe(false);
    await expect
      .poll(() => bar.locator('.video-time').textContent())
      .toMatch(new RegExp(`^\\d:\\d\\d / ${mmss(duration)}$`));
    // While the file plays its first seconds, so that the shots end before it loops (a loop or
    // a seek starts the pose afresh: the glasses wait for the first frame's tracking, which the
    // loop's check judges).
    await playingBetween(page, 1, 4);
    const live = await judgeLive(await shootFor(page, 5000), file, await facesOf(file));
    console.log(liveSummary('file', live));
    expect(live.readable).toBeGreaterThanOrEqual(0.9 * live.shots);
    expect(live.judged.filter((r) => r.mirrored)).toEqual([]);
    // Drawn in every shot, and on the eyes as a camera's: each frame is drawn once the pose at
    // its own picture is known (workers/pipeline/held-frames.ts), so the turning head is not
    // lagged behind (p50 0.19–0.20, p95 0.20–0.33 eye spans, alone and beside three busy loops;
    // with the pose predicted from earlier pictures, 0.27 and 1.64 beside the loops).
    expect(live.judged.filter((r) => r.size < PRESENT)).toEqual([]);
    expect(live.judged.filter((r) => !onEyes(FILE_P95)(r))).toEqual([]);
    expect(live.p50).toBeLessThan(MOVING_P50);
    expect(live.p95).toBeLessThan(MOVING_P95);
    expect(live.longestHoldS).toBeLessThan(FROZEN_S);
  });

  it('saves a photo and a recording of the file that show the glasses on its eyes', async () => {
    // Taken in portrait-turn's first seconds (25 fps: 1–4 s is frames 25–100, and the picture
    // drawn lags the video's time: frames 17 and 21 in two runs), where the head moves (its eyes'
    // midpoint about 1.5 px a frame). There the judge's centre, the changed pixels' centroid,
    // reads frame 003 seated on the nose within 0.17 eye spans of the eyes' midpoint (photos
    // paused at 20 frames of 0–140: 0.08–0.17). Later it reads up to 0.25 (frames 150–269, 172:
    // 0.247) and 0.29 in earlier runs, as the far rim, gold over skin, falls under CHANGED where
    // the near one shows against the background.
    await playingBetween(page, 1, 4);
    const [photo] = await Promise.all([
      page.waitForEvent('download'),
      button(page, zhCN.takePhoto).click(),
    ]);
    const picture = await decodePicture(await readFile(await saveDownload(photo)));
    expect([picture.width, picture.height]).toEqual([file.width * 2, file.height * 2]);
    // The photo is drawn with its own frame's tracking (kept-picture.ts): no lag, as on a still
    // face, so it is judged by the still face's bound. Posed 1 s behind its picture it read 0.40
    // and failed; 400 ms behind, 0.22, within the bound (about 0.14 of head movement).
    const reading = await judgePicture(picture, file, await facesOf(file));
    console.log(`file photo: frame ${reading?.index}, ${reading?.offset.toFixed(3)} eye spans off`);
    expect(reading && onEyes(STILL_OFF)(reading), JSON.stringify(reading)).toBe(true);
    // The recording too ends before the file loops, as in the live check.
    await playingBetween(page, 1, 4);
    const toasts = await watchToasts(page);
    await button(page, zhCN.startRecording).click();
    await page.getByRole('timer').waitFor();
    await page.waitForTimeout(2500);
    const [video] = await Promise.all([
      page.waitForEvent('download', { timeout: 150_000 }),
      button(page, zhCN.stopRecording).click(),
    ]);
    const recording = await readRecording(await saveDownload(video), file, await facesOf(file));
    const judged = recording.frames.flatMap((f) => (f.reading?.eyes ? [f.reading] : []));
    const kept = await page.evaluate(lastRecordingInPage);
    console.log(
      `file recording: ${recording.width}x${recording.height}, ${recording.durationS.toFixed(2)} s, ` +
        `${recording.fps.toFixed(1)} fps, ${recording.distinctFps.toFixed(1)} source frames/s, ` +
        `source span ${recording.sourceSpanS.toFixed(2)} s, ${holdSummary(recording, file.frames, kept)}`,
    );
    expect(recording.frames.filter((f) => f.index === null)).toEqual([]);
    // Its size as said: nothing at the photo's 2× the file, else the file's own pixels.
    const { width, height } = recording;
    const atTwice = width === file.width * 2 && height === file.height * 2;
    const smaller = zhCN.recordingSmaller.slice(0, zhCN.recordingSmaller.indexOf('{'));
    expect((await toasts.seen()).filter((text) => text.startsWith(smaller))).toEqual(
      atTwice ? [] : [format(zhCN, 'recordingSmaller', { width, height })],
    );
    expect(judged.length).toBeGreaterThan(0);
    // Recorded as drawn: each frame within FILE_P95, as on the screen.
    expect(judged.filter((r) => !onEyes(FILE_P95)(r))).toEqual([]);
  });

  it('saves a photo with its glasses when the file jumps while it is taken', async () => {
    // The press and a seek in one task: the photo's own detection of its picture (40–110 ms) is
    // still out when the jump starts the pose afresh, as when the file loops under a photo.
    await playingBetween(page, 1, 4);
    const [photo] = await Promise.all([
      page.waitForEvent('download'),
      page.evaluate((name) => {
        const press = [...document.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === name,
        )!;
        press.click();
        const v = document.querySelector('video')!;
        v.currentTime = v.duration - 1;
      }, zhCN.takePhoto),
    ]);
    const picture = await decodePicture(await readFile(await saveDownload(photo)));
    const reading = await judgePicture(picture, file, await facesOf(file));
    expect(reading && reading.index < file.frames - 20, JSON.stringify(reading)).toBe(true);
    expect(reading && onEyes(FILE_P95)(reading), JSON.stringify(reading)).toBe(true);
  });

  it('pauses on one picture: off, on, and held shows it bare', async () => {
    await page.waitForFunction(
      () => {
        const v = document.querySelector('video')!;
        return !v.paused && v.currentTime < v.duration - 1.5;
      },
      undefined,
      { timeout: 30_000, polling: 100 },
    );
    const bar = page.getByRole('group', { name: zhCN.videoPlayback });
    await bar.getByRole('button', { name: zhCN.pause }).click();
    await expect.poll(async () => (await media(page)).paused).toBe(true);
    const pausedAt = (await media(page)).time;
    // The screen settles on the paused frame (the engine may still be drawing the one before):
    // two readings 500 ms apart show the same frame. A turning head's temple may pull the
    // glasses' centre aside.
    const paused = () => screenShows(page, file, 'file-paused', onEyes(MOVING_P95));
    const readings = [await paused()];
    while (readings.length < 6 && readings.at(-1)!.index !== readings.at(-2)?.index) {
      await page.waitForTimeout(500);
      readings.push(await paused());
    }
    const still = readings.at(-1)!;
    expect(readings.at(-2)?.index).toBe(still.index);
    expect((await media(page)).time).toBe(pausedAt);
    await button(page, zhCN.cancelEffect).click();
    const off = await screenShows(page, file, 'file-paused-off', bare);
    await wear(page, '003');
    const on = await screenShows(page, file, 'file-paused-on', onEyes(MOVING_P95));
    // Held, the picture shows the face without the glasses; let go, with them.
    const picture = page.getByTestId('picture');
    const box = (await picture.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const held = await screenShows(page, file, 'file-held', bare);
    await page.mouse.up();
    const back = await screenShows(page, file, 'file-released', onEyes(MOVING_P95));
    // The same paused frame throughout.
    expect(new Set([still, off, on, held, back].map((r) => r.index)).size).toBe(1);
    await bar.getByRole('button', { name: zhCN.play }).click();
    await expect.poll(async () => (await media(page)).paused).toBe(false);
  });

  it('keeps the glasses on the eyes across a seek and the loop', async () => {
    const slider = page.getByRole('slider', { name: zhCN.seek });
    await slider.evaluate((el: HTMLInputElement) => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(el, '50');
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const middle = Math.floor(file.frames * 0.45);
    await screenShows(page, file, 'file-sought', (r) => r.index >= middle && onEyes(MOVING_P95)(r));
    // The end: rewound at once, played again after 100 ms, and on with the glasses.
    type Loop = { ended?: number; rewound?: number; played?: number };
    await page.evaluate(() => {
      const v = document.querySelector('video')!;
      const log: Loop = {};
      (window as unknown as { __loop: Loop }).__loop = log;
      v.addEventListener('ended', () => (log.ended = performance.now()), { once: true });
      v.addEventListener('seeking', () => {
        if (log.ended !== undefined) log.rewound ??= performance.now();
      });
      v.addEventListener('play', () => {
        if (log.ended !== undefined) log.played ??= performance.now();
      });
      v.currentTime = v.duration - 0.6;
    });
    const loop = () => page.evaluate(() => (window as unknown as { __loop: Loop }).__loop);
    await expect.poll(async () => (await loop()).played, { timeout: 20_000 }).toBeDefined();
    const { ended = 0, rewound = Infinity, played = 0 } = await loop();
    expect(played - ended).toBeGreaterThanOrEqual(95);
    expect(rewound).toBeLessThan(played);
    await screenShows(
      page,
      file,
      'file-looped',
      (r) => r.index < file.frames / 4 && onEyes(MOVING_P95)(r),
    );
    expect((await media(page)).paused).toBe(false);
  });

  it('follows an upright video, then a wide one, each at its own size', async () => {
    for (const clip of [await clips.portraitFile(), await clips.landscapeFile()]) {
      // Shown with the glasses on the eyes (openClip waits for it), in the video's shape
      // (within a pixel of rounding).
      await openClip(page, clip, `file-${clip.name}`);
      const { width, height } = await decodePicture((await shootPicture(page)).png);
      expect(Math.abs(width / height - clip.width / clip.height)).toBeLessThan(0.02);
    }
  });

  it('turns the glasses with a face rolled in the picture, each way', async () => {
    const roll = await clips.rollFile();
    await wear(page, '002');
    await chooseFile(page, roll.file);
    await page.getByRole('group', { name: zhCN.videoPlayback }).waitFor({ timeout: 30_000 });
    const judge = clipJudge(roll, await facesOf(roll));
    const shoot = () => shootPicture(page);
    // Each half holds the face rolled one way for 3 s (90 frames); from 1.5 s in, the glasses
    // are at rest there: on the eyes, their long axis along the eye line. That axis includes
    // the front of a visible temple: ROLL_LEVEL_DEG. Then they turn as far as the eyes did.
    const half = roll.frames / 2;
    const level = (r: Reading) =>
      onEyes(STILL_OFF)(r) && Math.abs(r.rollDeg - r.eyesRollDeg) < ROLL_LEVEL_DEG;
    const right = await untilScreen(
      'file-roll-right',
      shoot,
      judge,
      (r) => r.index >= half / 2 && r.index < half && level(r),
    );
    const left = await untilScreen(
      'file-roll-left',
      shoot,
      judge,
      (r) => r.index >= half * 1.5 && level(r),
    );
    console.log(
      `roll: eyes ${right.eyesRollDeg.toFixed(1)}° and ${left.eyesRollDeg.toFixed(1)}°, ` +
        `glasses ${right.rollDeg.toFixed(1)}° and ${left.rollDeg.toFixed(1)}°`,
    );
    const turned = {
      eyes: right.eyesRollDeg - left.eyesRollDeg,
      glasses: right.rollDeg - left.rollDeg,
    };
    expect(turned.eyes).toBeGreaterThan(1.5 * ROLL_STEP_DEG);
    expect(Math.abs(turned.glasses - turned.eyes)).toBeLessThan(ROLL_TURN_DEG);
  });

  it('keeps the glasses on one face of two', async () => {
    const pair = await clips.twoFacesFile();
    await chooseFile(page, pair.file);
    await page.getByRole('group', { name: zhCN.videoPlayback }).waitFor({ timeout: 30_000 });
    // A full rim: a thin one on faces this small changes too few pixels to tell.
    await wear(page, '002');
    await untilScreen(
      'file-two-faces',
      () => shootPicture(page),
      clipJudge(pair, null),
      (r) => r.glassesPx > GLASSES_PX,
    );
    // Which face the tracker takes first is its own choice; that it keeps it is the claim.
    await page.waitForTimeout(1000);
    // Shot until the glasses were seen in 3 shots or 3 rounds of 4 s had passed (each loop of
    // the 5 s file hides them until the face is tracked again, for longer the slower the
    // machine: 2–13 of 16–20 shots in one round). Every shot with glasses counts: one on the
    // other face fails, however many rounds it took.
    const sides: string[] = [];
    for (let round = 0; round < 3 && sides.length < 3; round++) {
      for (const shot of await shootFor(page, 4000)) {
        const picture = await decodePicture(shot.png);
        const r: Reading | null = await judgePicture(picture, pair, null, shot.covered);
        if (r && r.glassesPx > GLASSES_PX) {
          sides.push(r.centre[0] / picture.width < pair.split ? 'left' : 'right');
        }
      }
    }
    console.log(`two faces: worn on ${JSON.stringify(sides)}`);
    expect(sides.length).toBeGreaterThanOrEqual(3);
    expect(new Set(sides).size).toBe(1);
  });

  it('never draws a frame after a scene cut with a pose from before it', async () => {
    await chooseFile(page, motion.cut.mp4);
    await page.getByRole('group', { name: zhCN.videoPlayback }).waitFor({ timeout: 30_000 });
    await page.evaluate(() => {
      const video = document.querySelector('video')!;
      video.currentTime = 0;
      void video.play();
    });
    await page.evaluate(presentedLogger);
    const cutAtS = motion.cut.cutAtS;
    await page.waitForFunction(
      (endS) => document.querySelector('video')!.currentTime > endS,
      cutAtS + 2,
      { timeout: 60_000, polling: 200 },
    );
    // The app's own frame log (tests' build): which tracking result each drawn frame's pose
    // rests on, against the cut's time the test found in what the <video> presented.
    const { presented, frames } = await page.evaluate(() => ({
      presented: (window as unknown as { __presented: [] }).__presented,
      frames: window.__tryOnFrames ?? [],
    }));
    const cut = judgeCut(presented, frames, cutAtS, 1 / 30);
    expect(cut, `the cut was presented (${cutTrace(presented, cutAtS)})`).not.toBeNull();
    expect(cut!.wornBefore).toBeGreaterThan(0);
    expect(cut!.stale, 'frames after the cut drawn with a pose from before it').toEqual([]);
    expect(cut!.backAfterMs, 'the glasses are back after the cut').not.toBeNull();
  });

  it('lets the file go when the camera comes back', async () => {
    const { src } = await media(page);
    expect(src).toMatch(/^blob:/);
    await button(page, zhCN.cameraOn).click();
    await button(page, zhCN.cameraOff).waitFor();
    expect(await page.getByRole('group', { name: zhCN.videoPlayback }).count()).toBe(0);
    const fetched = await page.evaluate(
      (url) =>
        fetch(url).then(
          () => 'still there',
          () => 'released',
        ),
      src,
    );
    expect(fetched).toBe('released');
  });
});
