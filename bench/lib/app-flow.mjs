// The steps a person takes on the app (worker or page path): open the page, switch the camera
// on, put glasses on, switch it off.
import { readProbes } from './probes.mjs';
import { readStats, waitForStats } from './measure.mjs';
import { round, sleep } from './stats.mjs';

const CAMERA_ON = '开启摄像头';
const CAMERA_OFF = '关闭摄像头';

/**
 * Navigates (or reloads, without a url), clicks 开启摄像头 as soon as it is shown, and times
 * the first frame drawn with a tracked pose. Page times count from the navigation start
 * (performance.timeOrigin).
 */
export async function startToFirstFrame(page, url, timeoutMs) {
  if (url) await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
  else await page.reload({ waitUntil: 'commit', timeout: timeoutMs });
  await page.getByRole('button', { name: CAMERA_ON }).click({ timeout: timeoutMs });
  // When the page got the first frame drawn with a tracked pose (the app's ?stats frame log),
  // not when the stats overlay shows it: the worker sends its figures at most every 250 ms, so
  // the overlay's count came 0.3 s late (median of 16 warm starts, same runs).
  const first = await page.waitForFunction(
    () => (window.__tryOnFrames ?? []).find((frame) => frame.freshPose)?.at ?? 0,
    null,
    { polling: 'raf', timeout: timeoutMs },
  );
  const firstTrackedMs = Number(await first.jsonValue());
  const { clickMs, measures } = await page.evaluate(() => ({
    clickMs: window.__bench.lastPointerDown,
    // The app's own marks (e.g. storage:prepare), to see where a start spends its time.
    measures: performance.getEntriesByType('measure').map((m) => ({
      name: m.name,
      startMs: Math.round(m.startTime),
      durationMs: Math.round(m.duration),
    })),
  }));
  return {
    measures,
    clickMs: round(clickMs, 0),
    firstTrackedMs: round(firstTrackedMs, 0),
    clickToFirstMs: clickMs === null ? null : round(firstTrackedMs - clickMs, 0),
  };
}

/** Taps the catalogue's first model (the app's grid) and waits until it is worn. */
export async function putOnFirstGlasses(page, timeoutMs) {
  const cell = page.locator('.model-cell').first();
  if ((await cell.count()) === 0) return false;
  await cell.click({ timeout: timeoutMs });
  await page.locator('.model-cell[aria-pressed="true"]').first().waitFor({ timeout: timeoutMs });
  return true;
}

/**
 * Waits until tracking is steady: enough frames, the delegate trial over (it alternates CPU and
 * GPU and the GPU's first runs compile shaders), then `seconds` more.
 */
export async function warmUp(page, { seconds, minTracked, timeoutMs }) {
  const stats = await waitForStats(
    page,
    (s) =>
      Number(s.freshPoses) >= minTracked && s.delegate !== 'pending' && s.delegate !== undefined,
    timeoutMs,
    'warm-up',
  );
  await sleep(seconds * 1000);
  return stats.delegate;
}

/** Clicks 关闭摄像头 and waits until no frame is in flight. */
export async function switchCameraOff(page) {
  await page.getByRole('button', { name: CAMERA_OFF }).click();
  await waitForStats(page, (s) => Number(s.inFlight ?? 0) === 0, 15_000, 'camera off');
}

/**
 * Switches the camera off and checks the frame accounting: nothing left in flight, every
 * VideoFrame the page made closed or handed to the worker, and none open in the pipeline.
 */
export async function stopAndCheck(page) {
  await switchCameraOff(page);
  await sleep(500);
  const stats = await readStats(page);
  const { ledger } = await readProbes(page, { reset: false });
  return {
    failedFrames: Number(stats.failed ?? 0),
    pipelineOpenFrames: Number(stats.openFrames ?? 0),
    pageOpenFrames: ledger.made - ledger.closed - ledger.transferred,
    ledger,
  };
}

/**
 * Ends the try-on worker from inside, as a crash would, and times (on the page's clock) the
 * notice and the fresh engine's first tracked face, with the camera still running.
 * @param {import('playwright-core').Page} page
 * @param {number} timeoutMs
 */
export async function measureRecovery(page, timeoutMs) {
  const worker = page.workers().find((w) => /try-on\.worker/.test(w.url()));
  if (!worker) return { error: 'no try-on worker' };
  const start = await page.evaluate(() => {
    const before = window.__tryOn?.serial ?? 0;
    const t0 = performance.now();
    /** @type {{ noticedMs: number | null, trackedMs: number | null }} */
    const times = { noticedMs: null, trackedMs: null };
    window.__recovery = times;
    const poll = () => {
      const now = performance.now() - t0;
      if (times.noticedMs === null && document.querySelector('[role=alert]')) times.noticedMs = now;
      const stats = document.querySelector('[data-testid=pipeline-stats]');
      const tracked = Number(stats?.getAttribute('data-worker-tracked') ?? 0);
      const face = stats?.getAttribute('data-face') === '1';
      if ((window.__tryOn?.serial ?? 0) > before && face && tracked >= 1) times.trackedMs = now;
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
    return before;
  });
  await worker.evaluate(() => void setTimeout(() => self.close(), 0));
  const times = await page.waitForFunction(
    () => (window.__recovery?.trackedMs != null ? window.__recovery : null),
    null,
    { timeout: timeoutMs, polling: 100 },
  );
  const { noticedMs, trackedMs } = /** @type {{ noticedMs: number, trackedMs: number }} */ (
    await times.jsonValue()
  );
  return { serialBefore: start, noticedMs: round(noticedMs, 0), trackedMs: round(trackedMs, 0) };
}
