// The same checks in Firefox ESR and WebKitGTK, one browser at a time, one session per engine
// (the checks build on each other: first visit, then a file, glasses, photo, recording, a hidden tab,
// a clip with a cut, a still clip, a photo as the source, camera).
// Run with `npm run test:engines` (Xvfb); ENGINES=firefox or ENGINES=webkit picks one.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zhCN } from '../../src/i18n/zh-CN';
import { CAPTURE_SCALE, PHOTO_FILE_NAME } from '../../src/shared/ui-constants';
import { judgeCut, presentedLogger } from '../e2e/cut-judge.mjs';
import { webmCopy } from '../e2e/fixtures.mjs';
import { prepareMotionFixtures } from '../e2e/motion-fixtures.mjs';
import type { Picture } from '../outside/barcode.mjs';
import { prepareCodedClips, type FileClip } from '../outside/clips.mjs';
import { expectLiveLag, expectLiveShown, judgeLive, liveSummary } from '../outside/live-judge';
import { decodePicture, judgeAgainst, judgePicture, percentile } from '../outside/picture-judge';
import { holdSummary, readRecording } from '../outside/recording-judge';
import { closeReference, detectFace, ReferenceFaces } from '../outside/reference-faces';
import {
  clipJudge,
  // The engines play the moving face as a file.
  FILE_P50 as LIVE_P50,
  FILE_P95 as LIVE_P95,
  onEyes,
  PRESENT,
  STILL_OFF as STILL_P95,
  untilScreen,
} from '../outside/poll-screen';
import { shotPicture, type Shot } from '../outside/screen';
import { preparePhotoFixtures } from '../e2e/photo-fixtures.mjs';
import { recordedScreen } from '../e2e/loading-screen';
import { DIST_DIR, encodesH264InPage, probeVideo } from '../e2e/media-helpers';
import { textProblemsInPage } from '../e2e/text-fit';
import * as app from './engine-checks';
import { newReport, notableConsole, runCheck, storageOutcome, summaryLine } from './engine-report';
import type { EngineSession } from './engine-session';
import { firefoxAvailable, launchFirefox } from './firefox.mjs';
import { startHookedServer } from './hook-server.mjs';
import { alertsInPage, lastRecordingInPage, PAGE_HOOKS } from './page-hooks';
import { launchWebKit, webkitAvailable } from './webkit.mjs';

const clips = await prepareCodedClips();
const motion = await prepareMotionFixtures();
const photos = await preparePhotoFixtures();
const wanted = process.env.ENGINES?.split(',');
const ENGINES = [
  { name: 'firefox', launch: launchFirefox, installed: firefoxAvailable() },
  { name: 'webkit', launch: launchWebKit, installed: webkitAvailable() },
].filter((engine) => !wanted || wanted.includes(engine.name));
const display = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

let server: { url: string; close(): Promise<void> };
/** The moving face as a file this engine plays, and its reference faces (set by (b)). */
let clip: FileClip | undefined;
let faces: ReferenceFaces | undefined;
/** The photo source turned upright by the test, and the reference eyes on it (set by (m)). */
let upright: Picture | undefined;
let uprightEyes: number[] | undefined;
beforeAll(async () => {
  server = await startHookedServer({ dir: DIST_DIR, script: PAGE_HOOKS });
});
afterAll(async () => {
  await faces?.close();
  await closeReference();
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Seconds the tab stays hidden while nothing may move. */
const HIDDEN_S = 3;
/** The tint's pixels' centre from the eyes' midpoint, eye spans (0.28 measured on both engines). */
const LENS_OFF = 0.4;
/**
 * Seconds the live picture is watched, and how often the screen is read then: faster than the
 * file's 25 frames a second, so that "source frames shown per s" can reach the file's pace (read
 * 10 times a second, it could not pass 10: Firefox's screen read 10.2 there and 18.8 at 30, with
 * WebKit's 16.4, on a quiet machine). A shot costs ffmpeg's grab and one PNG, a few ms.
 */
const LIVE_S = 6;
const SHOTS_PER_S = 30;
/** In the page: the tab's visibility and the video's state. */
const mediaInPage = () => {
  const video = document.querySelector('video')!;
  const track = (video.srcObject as MediaStream | null)?.getVideoTracks()[0];
  return {
    visibility: document.visibilityState,
    paused: video.paused,
    time: video.currentTime,
    trackEnabled: track ? track.enabled : null,
  };
};
/** A screenshot judged against a still `source` picture and its reference eyes. */
const judgeShot = async (shot: Shot, source: Picture, eyes: number[]) =>
  judgeAgainst(await shotPicture(shot), source, eyes, {
    covered: shot.covered,
  });

const hasButton = (text: string) =>
  [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === text);

describe.each(ENGINES)('$name', ({ name, launch, installed }) => {
  const report = newReport(name);
  let started = Date.now();
  let s: EngineSession | undefined;
  const session = () => s!;
  const check = (id: string, body: () => Promise<void>) => runCheck(report, id, s, body);
  const why = !installed ? 'not installed' : !display ? 'needs a display: run under xvfb-run' : '';
  // CI installs both engines (scripts/ensure-system.sh) and runs under xvfb-run: missing is a failure.
  if (why && process.env.CI) throw new Error(`[engines] ${name}: ${why}`);
  if (why) console.log(`[engines] ${name} skipped: ${why}`);

  beforeAll(async () => {
    if (why) return;
    started = Date.now();
    s = await launch();
    report.version = s.version;
  });
  afterAll(async () => {
    if (s) {
      const lines = await s.consoleMessages().catch(() => []);
      for (const line of notableConsole(lines)) console.log(`[${name} console] ${line}`);
      await s.close();
    }
    console.log(summaryLine(report, (Date.now() - started) / 1000));
  });

  it.skipIf(why)('(a) first visit at / shows progress to 100 % and lands on /home', () =>
    check('a', async () => {
      const t0 = Date.now();
      await session().goto(`${server.url}/`);
      await session().waitFor(() => location.pathname === '/home', {
        timeoutMs: 120_000,
        what: 'the Loading screen to hand over to /home',
      });
      const { bar, headings } = await session().evaluate(recordedScreen);
      report.loading = `${((Date.now() - t0) / 1000).toFixed(1)} s`;
      expect(headings[0]?.text).toBe(zhCN.loading);
      expect(headings.map((h) => h.text)).toContain(zhCN.hello);
      expect(bar.at(-1)).toEqual({ value: 100, width: '100%', text: '已下载 100%' });
      for (let i = 1; i < bar.length; i++) expect(bar[i]!.value).toBeGreaterThan(bar[i - 1]!.value);
      for (const state of bar) expect(state.width).toBe(`${state.value}%`);
      const notice = await session().evaluate(() => document.querySelector('.notice') !== null);
      report.storage = storageOutcome(notice, await session().consoleMessages());
      // Both engines keep the downloaded files (WebKit's diskless session takes bytes, not Blobs).
      expect(report.storage).toBe('kept');
      // Leave /home only once its catalogue request is over: Firefox rejects a fetch still in
      // flight when a navigation starts, and the app then logs "manifest unavailable".
      await session().waitFor(
        () =>
          performance
            .getEntriesByType('resource')
            .some((entry) => entry.name.endsWith('/others/manifest.json')),
        { timeoutMs: 30_000, what: 'the catalogue manifest request' },
      );
    }),
  );

  it.skipIf(why)('(b) a face video opened as a file is tracked', () =>
    check('b', async () => {
      await session().goto(`${server.url}/home?stats`);
      await app.waitForEngine(session());
      const h264 = await session().evaluate(app.canPlayH264InPage);
      clip = await clips.movingFile(h264 ? 'mp4' : 'webm');
      faces = await ReferenceFaces.of(clip);
      report.file = h264 ? 'mp4/H.264' : 'webm/VP8 (no H.264 decoder)';
      await session().setFiles('input[type=file]', clip.file);
      const first = await app.waitForStats(session(), (st) => st.face === 1, 120_000);
      const later = await app.waitForStats(
        session(),
        (st) => st.face === 1 && st.freshPoses >= first.freshPoses + 10,
        60_000,
      );
      report.path = later.path || '(not reported)';
    }),
  );

  it.skipIf(why)('(c) a picked frame is on the eyes of the moving face, on the screen', () =>
    check('c', async () => {
      const cell = '.model-cell[data-serial="002"]';
      await session().click(cell);
      await session().waitFor(`${cell}[aria-pressed="true"]`, { timeoutMs: 60_000 });
      // The screen, judged against an independent detection of the very file frame it shows.
      await untilScreen(
        `${name}-c`,
        () => session().shootPicture(),
        clipJudge(clip!, faces!),
        onEyes(LIVE_P95),
      );
      const live = await judgeLive(
        await session().grabPicture(LIVE_S * 1000, SHOTS_PER_S),
        clip!,
        faces!,
      );
      report.live = liveSummary('file', live);
      console.log(`[${name}] ${report.live}`);
      // Read before the checks: a failed run's report says how the engine was doing.
      const stats = await app.readStats(session());
      report.delegate = stats.delegate;
      report.fps = `${stats.fps} fps tracked, ${stats.drawnFps} drawn`;
      report.detectMs = String(stats.detectMs);
      report.cuts = `${stats.cuts}, lowest match ${stats.sceneMatchLow}`;
      expectLiveShown(live);
      // Every drawn shot near the eyes, and how far behind the turning head the glasses are.
      expect(live.judged.filter((r) => !onEyes(2 * LIVE_P95)(r))).toEqual([]);
      expectLiveLag(live, { p50: LIVE_P50, p95: LIVE_P95 });
      // The file has no scene cut: one seen would hide the glasses for nothing (cut-detector.ts).
      expect(stats.cuts, 'scene cuts seen in a file that has none').toBe(0);
    }),
  );

  it.skipIf(why)('(g) the face is measured: a plausible PD, shown on its badge', () =>
    check('g', async () => {
      // The same worker code as in Chromium; here the engine's own video decoding and timing.
      const st = await app.waitForStats(session(), (st) => st.pdMm !== null, 150_000);
      report.measure = `PD ${st.pdMm} mm, face ${st.faceWidthMm} mm, scale ${st.faceScale}`;
      expect(st.pdMm!).toBeGreaterThan(54);
      expect(st.pdMm!).toBeLessThan(74);
      const badgeSays = (pattern: string) =>
        new RegExp(pattern).test(document.querySelector('.measure-badge')?.textContent ?? '');
      await session().waitFor(badgeSays, {
        args: ['^瞳距约 \\d+ 毫米（±\\d+）$'],
        timeoutMs: 5_000,
        what: 'the PD badge',
      });
    }),
  );

  it.skipIf(why)('(j) no broken text on the try-on screen, badge and all', () =>
    check('j', async () => {
      // One size here (the session's); Chromium sweeps every phone size (text-fit.e2e.ts).
      const problems = await session().evaluate(textProblemsInPage, '.model-grid');
      const size = await session().evaluate(
        () => `${innerWidth}×${innerHeight}@${devicePixelRatio}x`,
      );
      report.text = `${size}: ${problems.length === 0 ? 'none' : problems.map((p) => p.what).join('; ')}`;
      expect(problems).toEqual([]);
    }),
  );

  it.skipIf(why)(
    '(d) 拍照 saves merged-screenshot.png at 2× the video, the glasses on the eyes',
    () =>
      check('d', async () => {
        await session().click(`text=${zhCN.takePhoto}`);
        const { index, info } = await app.waitForDownload(session(), /^merged-screenshot\.png$/);
        expect(info.name).toBe(PHOTO_FILE_NAME);
        expect(info.type).toBe('image/png');
        const picture = await decodePicture(
          await readFile(await app.saveDownload(session(), index, info.name)),
        );
        const photo = await judgePicture(picture, clip!, faces!);
        report.photo = `${info.type} ${picture.width}x${picture.height}, glasses ${photo?.offset.toFixed(2)} eye spans from the eyes`;
        expect({ width: picture.width, height: picture.height }).toEqual({
          width: clip!.width * CAPTURE_SCALE,
          height: clip!.height * CAPTURE_SCALE,
        });
        expect(photo?.eyes).not.toBeNull();
        expect(photo!.size).toBeGreaterThanOrEqual(PRESENT);
        expect(photo!.offset).toBeLessThan(LIVE_P50);
      }),
  );

  it.skipIf(why)('(e) 录像 gives a video file', () =>
    check('e', async () => {
      await session().click(`text=${zhCN.startRecording}`);
      const startedOrRefused = (stop: string) =>
        [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === stop) ||
        ((window as { __alerts?: string[] }).__alerts?.length ?? 0) > 0;
      await session().waitFor(startedOrRefused, {
        args: [zhCN.stopRecording],
        timeoutMs: 30_000,
        what: 'recording to start',
      });
      // Both engines here record (WebCodecs or MediaRecorder): a refusal is a failure, said.
      const alerts = await session().evaluate(alertsInPage);
      report.record = alerts.length > 0 ? `refused (${alerts.join('; ')})` : 'started';
      expect(alerts).toEqual([]);
      const before = await app.readStats(session());
      await sleep(4000);
      const during = ((await app.readStats(session())).freshPoses - before.freshPoses) / 4;
      await session().click(`text=${zhCN.stopRecording}`);
      const name = /^recorded-video-.+\.(webm|mp4)$/;
      // The encoder drains its queue first: WebKit's software VP9 on a busy machine took over a
      // minute once (a file of ~2 fps).
      const { index, info } = await app.waitForDownload(session(), name, 150_000);
      const ext = info.name.split('.').pop();
      const path = await app.saveDownload(session(), index, info.name);
      const probe = await probeVideo(path);
      const h264 = await session().evaluate(encodesH264InPage);
      const kept = await session().evaluate(lastRecordingInPage);
      const recording = await readRecording(path, clip!, faces!);
      const judged = recording.frames.flatMap((f) => (f.reading?.eyes ? [f.reading] : []));
      report.record =
        `${ext} (${info.type}) ffprobe: ${probe.container} ${probe.codec} ` +
        `${probe.width}x${probe.height} ${recording.durationS.toFixed(1)} s ` +
        `${recording.fps.toFixed(1)} fps (${recording.distinctFps.toFixed(1)} different source frames/s, ` +
        `${holdSummary(recording, clip!.frames, kept)}); ` +
        `H.264 encoder: WebCodecs ${h264.webCodecs}, ` +
        `MediaRecorder ${h264.mediaRecorder} (tracking ${during.toFixed(1)}/s meanwhile)`;
      expect(recording.frames.filter((f) => f.index === null)).toEqual([]);
      expect(judged.length).toBeGreaterThan(0);
      expect(judged.filter((r) => r.size < PRESENT)).toEqual([]);
      expect(
        percentile(
          judged.map((r) => r.offset),
          95,
        ),
      ).toBeLessThan(LIVE_P95);
      expect(info.type.split(';')[0]).toBe(`video/${ext}`);
      // The name, the type and the bytes agree; MP4/H.264 wherever this browser encodes H.264.
      expect(probe.container).toBe(ext);
      expect(probe.decodeErrors).toBe('');
      if (h264.webCodecs || h264.mediaRecorder) expect(probe.codec).toBe('h264');
      if (probe.container === 'mp4') expect(probe.indexFirst).toBe(true);
      expect(info.size).toBeGreaterThan(10_000);
      expect(probe.frames).toBeGreaterThanOrEqual(10);
      expect(recording.durationS).toBeGreaterThan(2);
    }),
  );

  it.skipIf(why)('(h) a hidden tab does no work, and comes back by itself', async (ctx) => {
    if (s && !s.hideTab) {
      report.hidden = report.checks.h = 'skip: this driver cannot hide a tab';
      ctx.skip('this driver cannot hide a tab');
    }
    await check('h', async () => {
      // Playing (or in the 100 ms pause of its loop, so within a second).
      const media = () => session().evaluate(mediaInPage);
      await expect
        .poll(async () => (await media()).paused, { timeout: 2_000, message: 'the file to play' })
        .toBe(false);
      await session().hideTab!();
      await expect
        .poll(media, {
          timeout: 10_000,
          message: 'the hidden tab to pause its video',
        })
        .toMatchObject({ visibility: 'hidden', paused: true });
      // The picture that stays is tracked once more (200 ms); after that nothing may move.
      await sleep(2000);
      const before = {
        stats: await app.readStats(session()),
        ...(await session().evaluate(mediaInPage)),
      };
      await sleep(HIDDEN_S * 1000);
      const after = {
        stats: await app.readStats(session()),
        ...(await session().evaluate(mediaInPage)),
      };
      const shownAt = Date.now();
      await session().showTab!();
      const back = await app
        .waitForStats(
          session(),
          (st) =>
            st.framesIn >= after.stats.framesIn + 10 && st.freshPoses > after.stats.freshPoses,
          30_000,
        )
        .catch(async (error: unknown) => {
          const media = JSON.stringify(await session().evaluate(mediaInPage));
          const was = JSON.stringify({
            ...after,
            stats: undefined,
            framesIn: after.stats.framesIn,
          });
          throw new Error(`${String(error)}\nshown: ${media}; hidden: ${was}`);
        });
      const frames = (key: 'framesIn' | 'drawn' | 'freshPoses') =>
        after.stats[key] - before.stats[key];
      report.hidden =
        `hidden ${HIDDEN_S} s: ${frames('framesIn')} in, ${frames('drawn')} drawn, ` +
        `${frames('freshPoses')} fresh poses, video ${(after.time - before.time).toFixed(2)} s on; ` +
        `shown: 10 frames and tracking again in ${Date.now() - shownAt} ms`;
      expect(after.visibility).toBe('hidden');
      expect(frames('framesIn')).toBe(0);
      expect(frames('drawn')).toBe(0);
      expect(after.time).toBe(before.time);
      expect(back.face).toBe(1);
      // Playing again (or in the 100 ms pause of its loop, as at the start: a fresh-clone run
      // read it paused once, 753 ms after the tab came back with frames and tracking).
      await expect
        .poll(async () => (await media()).paused, { timeout: 2_000, message: 'the file to play' })
        .toBe(false);
    });
  });

  it.skipIf(why)(
    '(k) after a scene cut in a file, no frame is drawn with the pose from before it',
    () =>
      check('k', async () => {
        // The cut clip (motion-fixtures.mjs): one face for 3 s, then another; glasses 002 stay on.
        const h264 = await session().evaluate(app.canPlayH264InPage);
        const clip = h264 ? motion.cut.mp4 : await webmCopy(motion.cut.mp4);
        const before = await session().evaluate(() => document.querySelector('video')!.src);
        await session().setFiles('input[type=file]', clip);
        // The test's own video frame callback logs what the <video> presents from the clip's
        // first second on, so the cut's time is not the app's to say.
        await session().waitFor(
          (old: string) => {
            const video = document.querySelector('video')!;
            return video.src !== old && video.readyState >= 2 && video.currentTime < 1;
          },
          { args: [before], timeoutMs: 30_000, what: 'the clip to start' },
        );
        await session().evaluate(presentedLogger);
        await session().waitFor(
          (endS: number) => document.querySelector('video')!.currentTime > endS,
          { args: [motion.cut.cutAtS + 1.5], timeoutMs: 60_000, what: 'the clip past its cut' },
        );
        const { presented, frames } = await session().evaluate(() => ({
          presented: (window as unknown as { __presented: [] }).__presented,
          frames: (window as unknown as { __tryOnFrames?: [] }).__tryOnFrames ?? [],
        }));
        // Firefox's picture may lag its callback by a frame (cut-judge.mjs): its first frame after
        // the cut is not judged; the frames after it are (with the restart removed, 4 were stale).
        const grace = name === 'firefox' ? 1 : 0;
        const cut = judgeCut(presented, frames, motion.cut.cutAtS, 1 / 30, grace);
        report.cut = cut
          ? `${cut.wornBefore} worn in the second before, ${cut.stale.length} stale after, ` +
            `back after ${cut.backAfterMs === null ? '–' : Math.round(cut.backAfterMs)} ms`
          : 'cut not presented';
        expect(cut, 'the cut was presented').not.toBeNull();
        expect(cut!.stale, 'frames after the cut drawn with a pose from before it').toEqual([]);
        // Not vacuous: glasses drawn after the cut too (WebKitGTK's page path draws a file at
        // 1–5 fps, so only "back at all" is asked here; Chromium's check is video-file.e2e.ts's).
        expect(cut!.backAfterMs, 'the glasses are back after the cut').not.toBeNull();
      }),
  );

  it.skipIf(why)('(m) a photo is a source: upright by its EXIF, glasses on its eyes', () =>
    check('m', async () => {
      // The face stored sideways with EXIF orientation 6 (photo-fixtures.mjs); glasses 002 on.
      const { width, height } = photos.turnedSize;
      await session().setFiles('input[accept="image/*"]', photos.turned);
      const aspectIs = (aspect: number) => {
        const view = document.querySelector<HTMLElement>('.view');
        const shown = Number(view?.style.getPropertyValue('--picture-aspect'));
        return Math.abs(shown - aspect) < 0.001;
      };
      await session().waitFor(aspectIs, {
        args: [width / height],
        timeoutMs: 30_000,
        what: 'the photo upright',
      });
      // The screen against the photo turned upright by the test's own decoder, and the eyes the
      // reference detector finds on it.
      upright = await decodePicture(await sharp(photos.turned).rotate().png().toBuffer());
      const face = await detectFace(upright);
      expect(face, 'the reference finds the face on the upright photo').not.toBeNull();
      uprightEyes = face!.eyes;
      const reading = await untilScreen(
        `${name}-m`,
        () => session().shootPicture(),
        (shot) => judgeShot(shot, upright!, uprightEyes!),
        onEyes(STILL_P95),
      );
      report.photoSource = `${width}×${height}, glasses ${reading.offset.toFixed(2)} eye spans from the eyes`;
      expect(reading.offset).toBeLessThan(STILL_P95);
      expect(reading.size).toBeGreaterThanOrEqual(PRESENT);
    }),
  );

  it.skipIf(why)('(n) 全部试戴 draws every frame on the photo', () =>
    check('n', async () => {
      await session().click('.try-all');
      const ended = () => {
        const cells = document.querySelectorAll('.try-all-grid li').length;
        const done = document.querySelectorAll(
          '.try-all-grid li[data-state="done"], .try-all-grid li[data-state="failed"]',
        ).length;
        return cells > 0 && done === cells;
      };
      await session().waitFor(ended, { timeoutMs: 120_000, what: 'every frame tried' });
      const grid = await session().evaluate(async () => {
        const images = [...document.querySelectorAll<HTMLImageElement>('.try-all-grid img')];
        const pixels = async (image: HTMLImageElement) => {
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, canvas.width, canvas.height).data;
        };
        const [a, b] = await Promise.all(images.slice(0, 2).map(pixels));
        let sum = 0;
        for (let i = 0; a && b && i < a.length; i++)
          if (i % 4 !== 3) sum += Math.abs(a[i]! - b[i]!);
        return {
          cells: document.querySelectorAll('.try-all-grid li').length,
          drawn: images.length,
          width: images[0]?.naturalWidth ?? 0,
          height: images[0]?.naturalHeight ?? 0,
          apart: a ? sum / ((a.length / 4) * 3) : 0,
        };
      });
      report.tryAll = `${grid.drawn}/${grid.cells} at ${grid.width}×${grid.height}, first two ${grid.apart.toFixed(1)} apart`;
      expect(grid.drawn).toBe(grid.cells);
      expect(grid.cells).toBeGreaterThanOrEqual(8);
      expect({ width: grid.width, height: grid.height }).toEqual({ width: 480, height: 360 });
      expect(grid.apart).toBeGreaterThan(0.5);
      await session().click('.try-all-close');
    }),
  );

  it.skipIf(why)('(o) 镜片: a −6.00 D grey-tinted lens changes the screen over the eyes only', () =>
    check('o', async () => {
      const before = await session().shootPicture();
      /** Fills the 镜片 form as a person would (React hears the change events), then saves. */
      const fill = (values: Record<string, string>) =>
        session().evaluate((v: Record<string, string>) => {
          const form = document.querySelector('.lens-dialog form')!;
          for (const [name, value] of Object.entries(v)) {
            const field = form.querySelector<HTMLInputElement | HTMLSelectElement>(
              `[name=${name}]`,
            )!;
            const proto = field instanceof HTMLSelectElement ? HTMLSelectElement : HTMLInputElement;
            Object.getOwnPropertyDescriptor(proto.prototype, 'value')!.set!.call(field, value);
            field.dispatchEvent(
              new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
            );
          }
        }, values);
      await session().click('.lens-open');
      await session().waitFor('.lens-dialog[open]');
      await fill({ sphere: '-6', pd: '64', tint: 'grey' });
      await fill({ density: '0.75' });
      await session().click('.lens-dialog button[type=submit]');
      await session().waitFor(() => !document.querySelector('.lens-dialog[open]'), {
        what: 'the form closed',
      });
      // The screen before and after, on the still photo: the tint shows inside the lenses, at
      // the reference eyes, and nowhere else.
      const change = await untilScreen(
        `${name}-o`,
        () => session().shootPicture(),
        async (after) =>
          judgeAgainst(
            after.picture ?? (await decodePicture(after.png)),
            before.picture ?? (await decodePicture(before.png)),
            uprightEyes!,
            { covered: [...before.covered, ...after.covered] },
          ),
        (r) => r.glassesPx > 0,
      );
      report.lens = `${change.glassesPx} px changed, their centre ${change.offset.toFixed(2)} eye spans from the eyes, spread ${change.size.toFixed(2)}`;
      // Both lenses' pixels: their centre is the lenses' (a little above the pupils), and they
      // spread over about half an eye span.
      expect(change.offset).toBeLessThan(LENS_OFF);
      expect(change.size).toBeGreaterThan(0.2);
      expect(change.size).toBeLessThan(0.8);
      // Back to clear lenses without a prescription for the checks after this one.
      await session().click('.lens-open');
      await session().waitFor('.lens-dialog[open]');
      await fill({ tint: 'none' });
      await session().click('.lens-dialog button[type=submit]');
      await session().waitFor(() => !document.querySelector('.lens-dialog[open]'));
      await session().click('.lens-open');
      await session().waitFor('.lens-dialog[open]');
      await session().click(`text=${zhCN.lensClear}`);
      await session().waitFor(() => !document.querySelector('.lens-dialog[open]'));
    }),
  );

  it.skipIf(why)("(f) 开启摄像头 with the engine's fake camera: frames flow", async (ctx) => {
    const cameras = await s
      ?.evaluate(async () => {
        const devices = await navigator.mediaDevices.enumerateDevices();
        return devices.filter((device) => device.kind === 'videoinput').length;
      })
      .catch(() => 0);
    if (s && !cameras && !process.env.CI) {
      report.checks.f = 'skip: no video input device';
      ctx.skip('no video input device in this browser');
    }
    await check('f', async () => {
      await session().click(`text=${zhCN.cameraOn}`);
      await session().waitFor(hasButton, { args: [zhCN.cameraOff], what: zhCN.cameraOff });
      const { framesIn } = await app.readStats(session());
      await app.waitForStats(session(), (st) => st.framesIn >= framesIn + 20, 60_000);
      const video = await session().evaluate(app.videoInPage);
      report.camera = `"${video.track}" ${video.width}x${video.height}`;
      expect(await session().evaluate(() => document.querySelector('[role=alert]'))).toBeNull();
      if (!session().hideTab) return;
      // Hidden, the camera's track is off; shown, its frames flow again.
      await session().hideTab!();
      await expect
        .poll(async () => (await session().evaluate(mediaInPage)).trackEnabled, {
          timeout: 10_000,
          message: 'the hidden tab to turn its camera track off',
        })
        .toBe(false);
      await session().showTab!();
      const shown = await app.readStats(session());
      await app.waitForStats(session(), (st) => st.framesIn >= shown.framesIn + 20, 30_000);
      expect((await session().evaluate(mediaInPage)).trackEnabled).toBe(true);
      report.camera += '; hidden: track off, shown: frames again';
    });
  });

  it.skipIf(why)('(i) 商家工具 checks a GLB on the device', () =>
    check('i', async () => {
      await session().goto(`${server.url}/check`);
      await session().waitFor((text: string) => document.body.innerText.includes(text), {
        args: [zhCN.checkLocalOnly],
        what: 'the shop tools page',
      });
      await session().setFiles(
        '[data-testid=check-files]',
        `${process.cwd()}/public/models/002.glb`,
      );
      await session().waitFor('[data-testid=check-card][data-verdict="ok"]', {
        timeoutMs: 90_000,
        what: 'the verdict 合格',
      });
      const shown = await session().evaluate(() => ({
        text: document.querySelector('[data-testid=check-card]')!.textContent ?? '',
        views: (document.querySelector('img.check-views') as HTMLImageElement | null)?.src ?? null,
      }));
      expect(shown.text).toContain('54□18-154');
      // WebKit has no WebGL in a worker: the verdict stands, and the page says the views are missing.
      if (!shown.views) expect(shown.text).toContain(zhCN.checkNoViews);
    }),
  );
});
