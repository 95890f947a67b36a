// One app per test: its own Chromium at phone size, the page's VideoFrame ledger, and a close
// that always runs.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { ASSET_PATHS } from '../../src/shared/storage-constants';
import { HIDE_STATS } from '../outside/screen';
import { launchChromium } from './browser.mjs';

/** Counts VideoFrames made and closed on the page (transferred frames count as handed over). */
const FRAME_LEDGER = `(() => {
  const ledger = { made: 0, closed: 0, transferred: 0 };
  window.__frameLedger = ledger;
  const Original = window.VideoFrame;
  if (!Original) return;
  window.VideoFrame = class extends Original {
    constructor(...args) { super(...args); ledger.made++; }
    close() { if (this.format !== null) ledger.closed++; return super.close(); }
  };
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, transfer) {
    const list = Array.isArray(transfer) ? transfer : transfer?.transfer ?? [];
    for (const item of list) if (item instanceof Original) ledger.transferred++;
    return post.call(this, message, transfer);
  };
})();`;

/**
 * `E2E_CAMERA_FPS`: the pictures a second, at most, the app gets from a camera or a video file.
 * The camera's is asked as the app's own request's `frameRate.max` (Chromium drops the rest
 * before the page sees them, as a phone's camera does in dim light); a file's video frame
 * callbacks come at most that often (`filesAtMost`), so the app takes a 25 fps file's pictures as
 * from a camera at that rate (the file itself plays at its own pace). scripts/run-tests.sh sets it
 * for the lanes, which judge no pace: the app draws a frame per picture, so three lanes at the
 * clips' 25–30 fps spent their CPU drawing while their tests waited on tracking. At 8 fps a page
 * still tracks about as often as CPU-bound lanes let it, at about half the CPU of 15 fps
 * (docs/testing.md gives the figures). The app's own floor is 4 pictures a second
 * (video-frame-source.ts). Unset, each source runs at its own rate.
 */
const CAMERA_FPS = Number(process.env.E2E_CAMERA_FPS ?? 0);
if (!Number.isFinite(CAMERA_FPS) || CAMERA_FPS < 0) {
  throw new Error(`E2E_CAMERA_FPS is not a frame rate: ${process.env.E2E_CAMERA_FPS}`);
}
const cameraAtMost = (fps: number) => `(() => {
  const media = navigator.mediaDevices;
  if (!media?.getUserMedia) return;
  const open = media.getUserMedia.bind(media);
  media.getUserMedia = (constraints) => {
    const video = constraints?.video;
    if (!video) return open(constraints);
    const asked = video === true ? {} : video;
    const frameRate = typeof asked.frameRate === 'object' ? asked.frameRate : {};
    return open({ ...constraints, video: { ...asked, frameRate: { ...frameRate, max: ${fps} } } });
  };
})();`;

/**
 * A file's frame callbacks at most `fps` times a second: one that comes sooner after the last
 * one given is not given, and the video is asked again (the app's own callback never hears of
 * it). A quarter of the interval is spared, for pictures a little early or late. A camera's pass
 * straight through (cameraAtMost owns its rate). The gap is kept per video, so a second listener
 * on the same video (the live journeys' cut-judge.mjs) would share the frames: the lanes have none.
 * A picture thinned out just before a pause is not taken: the app then holds the one before it
 * (up to a frame interval older), which the screen shows and the tests read off it.
 */
const filesAtMost = (fps: number) => `(() => {
  const proto = HTMLVideoElement.prototype;
  const ask = proto.requestVideoFrameCallback;
  const cancel = proto.cancelVideoFrameCallback;
  if (!ask || !cancel) return;
  const minMs = (0.75 * 1000) / ${fps};
  const lastGiven = new WeakMap();
  const inner = new Map();
  let nextId = 1;
  proto.requestVideoFrameCallback = function (callback) {
    const video = this;
    const id = nextId++;
    const camera = video.srcObject instanceof MediaStream;
    const request = () =>
      inner.set(id, ask.call(video, (now, metadata) => {
        const last = lastGiven.get(video);
        if (!camera && last !== undefined && now - last < minMs) return request();
        lastGiven.set(video, now);
        inner.delete(id);
        callback(now, metadata);
      }));
    request();
    return id;
  };
  proto.cancelVideoFrameCallback = function (id) {
    if (inner.has(id)) cancel.call(this, inner.get(id));
    inner.delete(id);
  };
})();`;

/** Caps the context's camera and files at E2E_CAMERA_FPS, when set, before its first page. */
export async function capCamera(context: BrowserContext): Promise<void> {
  if (CAMERA_FPS <= 0) return;
  await context.addInitScript(cameraAtMost(CAMERA_FPS));
  await context.addInitScript(filesAtMost(CAMERA_FPS));
}

export interface FrameLedger {
  made: number;
  closed: number;
  transferred: number;
}

/** The page's VideoFrame counts so far (see FRAME_LEDGER). */
export function readFrameLedger(page: Page): Promise<FrameLedger> {
  return page.evaluate(() => (window as unknown as { __frameLedger: FrameLedger }).__frameLedger);
}

export interface AppSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export interface AppOptions {
  /** A .y4m file the fake camera loops; without it the camera shows no face. */
  cameraY4m?: string;
  /** Extra Chromium switches (a refused or absent camera); a repeated switch overrides. */
  extraArgs?: string[];
  /** The page composited through SwiftShader, as the bench runs it (browser.mjs). */
  gpuCompositing?: boolean;
  /** Runs before the app's scripts (a browser without a camera API). */
  initScript?: string;
  path?: string;
  /** Runs on the new context before the first navigation (to watch every request). */
  onContext?: (context: BrowserContext) => void | Promise<void>;
  /** Another screen (size, touch) than the default phone-like 430×900. */
  device?: BrowserContextOptions;
  /** The browser's language (navigator.languages), zh-CN unless said. */
  locale?: string;
}

/** The app in its own Chromium at a phone-like size, with the frame ledger installed. */
export async function openApp(
  baseUrl: string,
  {
    cameraY4m,
    extraArgs,
    gpuCompositing,
    initScript,
    path = '/home?stats',
    onContext,
    device,
    locale = 'zh-CN',
  }: AppOptions = {},
): Promise<AppSession> {
  const browser: Browser = await launchChromium({ cameraY4m, extraArgs, gpuCompositing });
  const context = await browser.newContext({
    locale,
    viewport: { width: 430, height: 900 },
    ...device,
  });
  await context.addInitScript(FRAME_LEDGER);
  await context.addInitScript(HIDE_STATS);
  await capCamera(context);
  if (initScript) await context.addInitScript(initScript);
  await onContext?.(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('[pageerror]', error.message));
  const kept: string[] = [];
  consoleKept.set(page, kept);
  page.on('console', (message) => {
    const text = message.text();
    // MediaPipe's runtime logs its own INFO lines as errors.
    const error = message.type() === 'error' && !text.startsWith('INFO:');
    const engine = message.type() === 'warning' && text.startsWith('[engine]');
    if (!error && !engine) return;
    kept.push(`${message.type()}: ${text.slice(0, 300)}`);
    if (kept.length > KEPT_MESSAGES) kept.shift();
  });
  await page.goto(new URL(path, baseUrl).href);
  return { browser, context, page, close: () => browser.close() };
}

/** How many of a page's last console errors a failed wait reports. */
const KEPT_MESSAGES = 10;
const consoleKept = new WeakMap<Page, string[]>();

/**
 * The page's last console errors and engine warnings: what the app itself said went wrong (an
 * engine restarted, a deadline passed), for the message of a check that waited in vain.
 */
export const recentConsole = (page: Page): string[] => [...(consoleKept.get(page) ?? [])];

/** Runs `use` with the app open, and closes its browser whatever happens. */
export async function withApp<T>(
  baseUrl: string,
  options: AppOptions,
  use: (app: AppSession) => Promise<T>,
): Promise<T> {
  const app = await openApp(baseUrl, options);
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

/**
 * Holds the face model's download (a fresh profile on /home prepares it) until `release()`: the
 * engine stays on its first step meanwhile. Pass `onContext` to withApp.
 */
export function holdFaceModel() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const onContext = async (context: BrowserContext) => {
    await context.route(`**/${ASSET_PATHS.faceModel}`, async (route) => {
      await held;
      await route.continue();
    });
  };
  return { onContext, release };
}
