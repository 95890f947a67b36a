// The camera and the catalogue in one session on a still face, judged on the screen against an
// independent detection of the frame it shows (tests/outside/): nothing until a source is on,
// the front camera mirrored and the rear not, every frame on the eyes and still, a download a
// later tap supersedes, a stored copy that fails its hash, a camera unplugged, everything
// released when off, and inside WeChat the photo shown to long-press. Then the camera refused,
// absent, missing or never answering, and the camera opened while the engine gets ready.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { format } from '../../src/i18n';
import { zhCN } from '../../src/i18n/zh-CN';
import { CAMERA_ANSWER_MS } from '../../src/shared/ui-constants';
import { prepareCodedClips } from '../outside/clips.mjs';
import { judgeLive, liveSummary } from '../outside/live-judge';
import { decodePicture, judgePicture } from '../outside/picture-judge';
import { bare, clipJudge, onEyes, STILL_OFF, untilScreen } from '../outside/poll-screen';
import { ReferenceFaces } from '../outside/reference-faces';
import { shootFor, shootPicture } from '../outside/screen';
import { hasModelDbRecord, putModelDbRecord, readStats, waitForStats } from './app-page';
import { holdFaceModel, openApp, readFrameLedger, withApp, type AppSession } from './app-session';
import { DIST_DIR } from './media-helpers';
import { reloadAsWeChat } from './user-agents';

const clip = (await prepareCodedClips()).still;
/**
 * And its centre moves, shot to shot, less than this share of the eye span (RMS): a still face
 * gives still glasses (the measure's own noise, the rims' edge pixels, is part of it).
 */
const STILL_STEP = 0.01;

let server: { url: string; close(): Promise<void> };
let faces: ReferenceFaces;
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
  faces = await ReferenceFaces.of(clip);
});
afterAll(async () => {
  await faces?.close();
  await server?.close();
});

const alertText = (page: Page) => page.getByRole('alert').textContent({ timeout: 30_000 });
const cell = (page: Page, serial: string) => page.locator(`.model-cell[data-serial="${serial}"]`);
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const judge = () => clipJudge(clip, faces);
/** Waits until the screen shows the glasses on the eyes (or, `none`, no glasses). */
const screenShows = (page: Page, name: string, none = false) =>
  untilScreen(name, () => shootPicture(page), judge(), none ? bare : onEyes(STILL_OFF));

/** The facing mode the running stream was asked for. */
const requestedFacing = (page: Page) =>
  page.evaluate(() => {
    const stream = document.querySelector('video')!.srcObject as MediaStream | null;
    return stream?.getVideoTracks()[0]?.getConstraints().facingMode ?? null;
  });

/** Whether the screen shows the source mirrored: the band's white marker is on the right. */
async function screenMirrored(page: Page): Promise<boolean> {
  const reading = await judgePicture(
    await decodePicture((await shootPicture(page)).png),
    clip,
    faces,
  );
  if (!reading) throw new Error('the screen shows no frame of the camera clip');
  return reading.mirrored;
}

/** Taps a cell and waits until its glasses are on the eyes on the screen. */
async function wear(page: Page, serial: string): Promise<void> {
  await cell(page, serial).click();
  await page.locator(`.model-cell[data-serial="${serial}"][aria-pressed="true"]`).waitFor();
  await screenShows(page, `camera-${serial}`);
}

describe('the camera and the catalogue, one session', () => {
  let app: AppSession;
  let page: Page;
  /** The page's alert() messages, dismissed as they come. */
  const alerts: string[] = [];
  beforeAll(async () => {
    app = await openApp(server.url, { cameraY4m: clip.y4m, path: '/home' });
    page = app.page;
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
  });
  afterAll(() => app?.close());

  it('does nothing but say so until a source is on', async () => {
    await expect.poll(() => page.locator('.model-cell').count()).toBeGreaterThanOrEqual(8);
    expect(await button(page, zhCN.switchCamera).isDisabled()).toBe(true);
    await button(page, zhCN.startRecording).click();
    await expect.poll(() => alerts).toEqual([zhCN.startCameraFirst]);
    expect(await page.getByRole('timer').count()).toBe(0);
    await cell(page, '002').click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain(zhCN.openCameraOrVideo);
    expect(await cell(page, '002').getAttribute('data-status')).toBe('not-downloaded');
  });

  it('shows the front camera mirrored, glasses on the eyes and still', async () => {
    await button(page, zhCN.cameraOn).click();
    await button(page, zhCN.cameraOff).waitFor();
    expect(await requestedFacing(page)).toBe('user');
    await wear(page, '002');
    expect(await screenMirrored(page)).toBe(true);
    // Once on the eyes, they stay there, still (while the PD badge shows up over the picture).
    await screenShows(page, 'camera-still-on');
    const live = await judgeLive(await shootFor(page, 4000, 250, 14), clip, faces);
    console.log(liveSummary('still camera', live));
    const centres = live.judged.map((r) => r.centre);
    const steps = centres
      .slice(1)
      .map((c, i) => Math.hypot(c[0] - centres[i]![0], c[1] - centres[i]![1]));
    const stepRms = Math.sqrt(steps.reduce((a, b) => a + b * b, 0) / Math.max(1, steps.length));
    const span = live.judged[0]!.eyeSpanPx;
    console.log(
      `still camera: the glasses' centre moved ${stepRms.toFixed(3)} px RMS shot to shot ` +
        `(${((100 * stepRms) / span).toFixed(2)} % of the eye span)`,
    );
    expect(live.judged.length).toBeGreaterThanOrEqual(10);
    expect(live.judged.filter((r) => !onEyes(STILL_OFF)(r))).toEqual([]);
    expect(stepRms / span).toBeLessThan(STILL_STEP);
  });

  it('shows the rear camera as it is, and the front mirrored again', async () => {
    await button(page, zhCN.switchCamera).click();
    await expect.poll(() => requestedFacing(page), { timeout: 30_000 }).toBe('environment');
    await expect.poll(() => screenMirrored(page), { timeout: 30_000 }).toBe(false);
    await screenShows(page, 'camera-rear');
    await button(page, zhCN.switchCamera).click();
    await expect.poll(() => requestedFacing(page), { timeout: 30_000 }).toBe('user');
    await expect.poll(() => screenMirrored(page), { timeout: 30_000 }).toBe(true);
  });

  it('stops a download a later tap supersedes, and stores nothing of it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    // The context's route sees the service worker's fetches too; the file is asked for with its
    // hash in the query (model-files.ts).
    const file = /\/models\/007\.glb(\?.*)?$/;
    await app.context.route(file, async (route) => {
      asked = true;
      await held;
      await route.continue().catch(() => {});
    });
    await cell(page, '007').click();
    await expect.poll(() => asked).toBe(true);
    await wear(page, '008');
    await expect.poll(() => cell(page, '007').getAttribute('data-status')).not.toBe('downloading');
    release();
    await app.context.unroute(file);
    expect(await hasModelDbRecord(page, 'models/007.glb')).toBe(false);
    expect(await page.locator('.model-cell[aria-pressed="true"]').getAttribute('data-serial')).toBe(
      '008',
    );
  });

  it('puts frames on the eyes, one at a time, and takes them off', async () => {
    // A full rim (003) and a rimless one (006), after 002 and 008 above and before 004 below:
    // every built-in frame is drawn on the eyes of a photo by 全部试戴 (try-all.e2e.ts).
    for (const serial of ['003', '006']) await wear(page, serial);
    expect(await page.locator('.model-cell[aria-pressed="true"]').count()).toBe(1);
    await button(page, zhCN.cancelEffect).click();
    await expect.poll(() => page.locator('.model-cell[aria-pressed="true"]').count()).toBe(0);
    await screenShows(page, 'camera-cancelled', true);
  });

  it('fetches a stored frame again when its copy fails its hash', async () => {
    await putModelDbRecord(page, 'models/004.glb', 'not a glb');
    await wear(page, '004');
    const manifest = JSON.parse(await readFile(join(DIST_DIR, 'others/manifest.json'), 'utf8')) as {
      value: string;
      size: number;
    }[];
    const published = manifest.find((e) => e.value === 'models/004.glb')!.size;
    await expect.poll(() => storedSize(page, 'models/004.glb')).toBe(published);
    expect(await page.getByText(zhCN.glassesLoadFailed).count()).toBe(0);
  });

  it('says the camera was unplugged, and starts again', async () => {
    // An unplugged camera ends its track and fires 'ended'; track.stop() fires nothing.
    await page.evaluate(() => {
      const stream = document.querySelector('video')!.srcObject as MediaStream;
      const track = stream.getVideoTracks()[0]!;
      track.stop();
      track.dispatchEvent(new Event('ended'));
    });
    expect(await alertText(page)).toBe(zhCN.cameraEnded);
    await button(page, zhCN.cameraOn).click();
    await screenShows(page, 'camera-again');
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('releases the camera and every picture when turned off, and keeps what it stored', async () => {
    const track = await page.evaluateHandle(
      () => (document.querySelector('video')!.srcObject as MediaStream).getVideoTracks()[0]!,
    );
    await button(page, zhCN.cameraOff).click();
    await button(page, zhCN.cameraOn).waitFor();
    expect(await track.evaluate((t) => t.readyState)).toBe('ended');
    expect(await page.evaluate(() => document.querySelector('video')!.srcObject)).toBeNull();
    expect(await button(page, zhCN.switchCamera).isDisabled()).toBe(true);
    // Every VideoFrame the page made was closed there or handed to the worker (the test's own
    // count, app-session.ts), and the worker holds none.
    await waitForStats(page, (s) => s.inFlight === 0 && s.openFrames === 0, 10_000);
    const ledger = await readFrameLedger(page);
    expect(ledger.made).toBe(ledger.closed + ledger.transferred);
    expect((await readStats(page)).failed).toBe(0);
    await page.reload();
    await expect.poll(() => cell(page, '002').getAttribute('data-status')).toBe('downloaded');
  });

  it('inside WeChat shows the photo to long-press and says a recording cannot be kept', async () => {
    await reloadAsWeChat(page);
    await button(page, zhCN.cameraOn).click({ timeout: 90_000 });
    await button(page, zhCN.cameraOff).waitFor();
    await wear(page, '003');
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    await button(page, zhCN.takePhoto).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByText(zhCN.photoLongPress).waitFor();
    const src = await sheet.locator('img').getAttribute('src');
    expect(src?.startsWith('data:image/png;base64,')).toBe(true);
    const photo = await judgePicture(
      await decodePicture(Buffer.from(src!.split(',')[1]!, 'base64')),
      clip,
      faces,
    );
    expect(photo?.eyes).not.toBeNull();
    expect(onEyes(STILL_OFF)(photo!)).toBe(true);
    await sheet.getByRole('button').first().click();
    alerts.length = 0;
    await button(page, zhCN.startRecording).click();
    await expect
      .poll(() => alerts)
      .toEqual([format(zhCN, 'recordingInApp', { app: zhCN.appWechat })]);
    expect(await page.getByRole('timer').count()).toBe(0);
    expect(downloads).toEqual([]);
  });
});

describe('a camera that cannot be used', () => {
  const failures = [
    {
      name: 'refused',
      extraArgs: ['--use-fake-ui-for-media-stream=deny'],
      message: zhCN.cameraDenied,
    },
    {
      name: 'absent',
      extraArgs: ['--use-fake-device-for-media-stream=device-count=0'],
      message: zhCN.cameraNotFound,
    },
  ];
  it.each(failures)('explains a $name camera in Chinese and stays usable', async (failure) => {
    await withApp(server.url, { extraArgs: failure.extraArgs, path: '/home' }, async ({ page }) => {
      const on = button(page, zhCN.cameraOn);
      await on.click({ timeout: 90_000 });
      expect(await alertText(page)).toBe(failure.message);
      expect(await on.isEnabled()).toBe(true);
      expect(await button(page, zhCN.openVideoFile).isEnabled()).toBe(true);
      await on.click(); // asking again gives the same answer, nothing breaks
      expect(await alertText(page)).toBe(failure.message);
      if (failure.name !== 'refused') return;
      // Inside WeChat the phone's settings for WeChat are where a person can allow it.
      await reloadAsWeChat(page);
      await on.click({ timeout: 90_000 });
      expect(await alertText(page)).toBe(
        format(zhCN, 'cameraDeniedInApp', { app: zhCN.appWechat }),
      );
    });
  });

  it('says a camera that does not answer is slow, and stays usable', async () => {
    const initScript = `navigator.mediaDevices.getUserMedia = () => new Promise(() => {});`;
    await withApp(server.url, { initScript, path: '/home' }, async ({ page }) => {
      const on = button(page, zhCN.cameraOn);
      await on.click({ timeout: 90_000 });
      const said = page.getByRole('alert').getByText(zhCN.cameraSlow, { exact: true });
      await said.waitFor({ timeout: CAMERA_ANSWER_MS + 30_000 });
      expect(await on.isEnabled()).toBe(true);
      expect(await button(page, zhCN.openVideoFile).isEnabled()).toBe(true);
    });
  });

  it('says the browser has no getUserMedia', async () => {
    const initScript = `Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined });`;
    await withApp(server.url, { initScript, path: '/home' }, async ({ page }) => {
      await button(page, zhCN.cameraOn).click({ timeout: 90_000 });
      expect(await alertText(page)).toBe(zhCN.noGetUserMedia);
    });
  });
});

describe('the camera opened while the engine gets ready', () => {
  it('says it waits, keeps a tap, drops a cancelled one, and tracks once ready', async () => {
    const { onContext, release } = holdFaceModel();
    await withApp(
      server.url,
      { cameraY4m: clip.y4m, onContext, path: '/home' },
      async ({ page }) => {
        const view = page.locator('.view');
        const waiting = view.getByText(zhCN.cameraWaiting);
        const cameraOn = view.getByRole('button', { name: zhCN.cameraOn });
        const streamLive = () =>
          page.evaluate(() => {
            const stream = document.querySelector('video')!.srcObject as MediaStream | null;
            return stream?.getVideoTracks()[0]?.readyState === 'live';
          });
        await view.getByText('第 1 / 3 步').waitFor({ timeout: 60_000 });
        const onBox = await cameraOn.boundingBox();
        await cameraOn.click();
        await waiting.waitFor({ timeout: 30_000 });
        expect(await streamLive()).toBe(true);
        // A tap on glasses while it waits is kept (the cell says it is busy)...
        await cell(page, '002').click();
        await cell(page, '002').and(page.locator('[aria-busy="true"]')).waitFor();
        // ...and cancelling turns the camera off again and drops it. The button is as tall as
        // 开启摄像头 was (unstyled, its icon filled the picture).
        const cancel = view.getByRole('button', { name: zhCN.cancelStart });
        expect((await cancel.boundingBox())!.height).toBe(onBox!.height);
        await cancel.click();
        await cameraOn.waitFor();
        expect(await streamLive()).toBe(false);
        expect(await cell(page, '002').getAttribute('aria-busy')).toBe('false');
        await cameraOn.click();
        await waiting.waitFor({ timeout: 30_000 });
        // 003, whose rims lie on skin: 001's far rim lies on this face's dark hair, where the
        // judge sees no change, and its centre read 0.2500 eye spans off against STILL_OFF.
        await cell(page, '003').click();
        release();
        // The glasses tapped while waiting go on once it tracks; the dropped tap does not.
        await untilScreen(
          'camera-held',
          () => shootPicture(page),
          judge(),
          onEyes(STILL_OFF),
          120_000,
        );
        expect(await waiting.count()).toBe(0);
        expect(await cell(page, '003').getAttribute('aria-pressed')).toBe('true');
        expect(await cell(page, '002').getAttribute('aria-pressed')).toBe('false');
        expect(await page.getByRole('alert').count()).toBe(0);
      },
    );
  });

  it('shows the front camera mirrored when the engine gets ready while the camera opens', async () => {
    // The camera's opening (getUserMedia) is held here until the engine is ready, so that the
    // engine is ready while the camera's start is under way.
    const { onContext, release } = holdFaceModel();
    const holdCamera = `(() => {
      const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      const held = new Promise((resolve) => (window.__openCamera = resolve));
      navigator.mediaDevices.getUserMedia = async (asked) => (await held, open(asked));
    })();`;
    await withApp(
      server.url,
      { cameraY4m: clip.y4m, onContext, initScript: holdCamera, path: '/home' },
      async ({ page }) => {
        const view = page.locator('.view');
        await view.getByText('第 1 / 3 步').waitFor({ timeout: 60_000 });
        await button(page, zhCN.cameraOn).click();
        release();
        await view.getByText(zhCN.emptyTitle).waitFor({ timeout: 120_000 });
        await page.evaluate(() => (window as unknown as { __openCamera(): void }).__openCamera());
        await button(page, zhCN.cameraOff).waitFor({ timeout: 30_000 });
        await wear(page, '002');
        expect(await screenMirrored(page)).toBe(true);
      },
    );
  });
});

/** The byte size of a ModelDB record (Blob or bytes), read with the raw IndexedDB API. */
function storedSize(page: Page, key: string): Promise<number | null> {
  return page.evaluate(async (key) => {
    const open = indexedDB.open('ModelDB');
    const db: IDBDatabase = await new Promise((ok, fail) => {
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    const record = await new Promise<{ data: Blob | ArrayBuffer } | undefined>((ok, fail) => {
      const request = db.transaction('models').objectStore('models').get(key);
      request.onsuccess = () => ok(request.result as { data: Blob | ArrayBuffer } | undefined);
      request.onerror = () => fail(request.error);
    });
    db.close();
    if (!record) return null;
    return record.data instanceof Blob ? record.data.size : record.data.byteLength;
  }, key);
}
