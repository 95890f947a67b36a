// A measurement window: what the page's stats, the probes, CDP and the camera track say between
// two snapshots, while the bench taps the page at random intervals.
import { readProbes } from './probes.mjs';
import { mainThreadClock, processCpuS } from './session.mjs';
import { round, sleep, summary } from './stats.mjs';

const TAP_EVERY_MS = [300, 700];

/** The data-* attributes of `[data-testid=pipeline-stats]`, numbers where they are numbers. */
export async function readStats(page) {
  const data = await page
    .locator('[data-testid=pipeline-stats]')
    .evaluate((el) => ({ ...el.dataset }))
    .catch(() => ({}));
  const out = {};
  for (const [key, value] of Object.entries(data))
    out[key] = value !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  return out;
}

/** Polls the stats until `check` holds; throws with the last stats on timeout. */
export async function waitForStats(page, check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stats = await readStats(page);
    if (check(stats)) return stats;
    if (Date.now() > deadline)
      throw new Error(`${what}: timed out, stats ${JSON.stringify(stats)}`);
    await sleep(250);
  }
}

async function snapshot(session) {
  const { page, cdp, marker } = session;
  const [stats, clock, cpuS] = await Promise.all([
    readStats(page),
    mainThreadClock(cdp),
    processCpuS(marker),
  ]);
  const probes = await readProbes(page);
  return { stats, clock, probes, cpuS };
}

/**
 * Whether a tap at the element's centre reaches it, after scrolling it to the middle of the view
 * when something else is on top there (the toolbar fixed at the page's foot covers a cell pushed
 * down by 镜片's panel, and a tap there was 关闭摄像头's: the camera went off mid-window).
 */
async function reachable(locator) {
  const hit = (el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  };
  if (await locator.evaluate(hit)) return true;
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  return locator.evaluate(hit);
}

/**
 * Taps the element's centre (or the page's title) until the deadline; returns the tap count.
 * Throws when the element stays covered: a tap elsewhere would measure something else.
 */
async function tapUntil(page, selector, deadline) {
  const target = (await page.locator(selector).count()) > 0 ? selector : 'h1';
  const locator = page.locator(target).first();
  let taps = 0;
  while (Date.now() < deadline) {
    if (!(await reachable(locator)))
      throw new Error(`a tap at ${target}'s centre reaches something else on top of it`);
    const box = await locator.boundingBox().catch(() => null);
    if (box) {
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      taps++;
    }
    const [lo, hi] = TAP_EVERY_MS;
    await sleep(Math.min(lo + Math.random() * (hi - lo), Math.max(0, deadline - Date.now())));
  }
  return taps;
}

/**
 * Measures `seconds` of steady tracking. Counters are differences over the window; timings come
 * from the per-frame records of the window (the stats overlay's own figures are kept too).
 */
export async function measureWindow(session, { seconds, tapSelector }) {
  const before = await snapshot(session);
  await tapUntil(session.page, tapSelector, Date.now() + seconds * 1000);
  const after = await snapshot(session);
  const p = after.probes;
  const wallS = (p.at - p.since) / 1000;
  const delta = (key) => Number(after.stats[key] ?? 0) - Number(before.stats[key] ?? 0);
  const cameraNow = p.camera?.totalFrames;
  const cameraBefore = before.probes.camera?.totalFrames;
  const cameraFrames =
    typeof cameraNow === 'number' && typeof cameraBefore === 'number'
      ? cameraNow - cameraBefore
      : null;
  const tracked = delta('freshPoses');
  const drawn = delta('drawn');
  /** CPU seconds a minute over the window (`kind`: 'total' or 'gpu'). */
  const perMinute = (kind) =>
    after.cpuS === null || before.cpuS === null
      ? null
      : round(((after.cpuS[kind] - before.cpuS[kind]) / wallS) * 60, 1);
  const frames = p.frames;
  const trackedFrames = frames.filter((f) => f.freshPose);
  const blocking = p.longTasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  return {
    seconds: round(wallS, 2),
    video: p.camera?.settings
      ? `${p.camera.settings.width}x${p.camera.settings.height}@${p.camera.settings.frameRate}`
      : null,
    delegate: after.stats.delegate ?? null,
    trackedFps: round(tracked / wallS, 2),
    drawnFps: round(drawn / wallS, 2),
    cameraFps: cameraFrames === null ? null : round(cameraFrames / wallS, 2),
    presentedFps: round(delta('framesIn') / wallS, 2),
    dropped: cameraFrames === null ? null : Math.max(0, cameraFrames - drawn),
    droppedShare: cameraFrames ? round(Math.max(0, cameraFrames - drawn) / cameraFrames, 3) : null,
    pumpDropped: delta('dropped'),
    longestGapMs: Number(after.stats.longestGapMs ?? 0),
    auditPx: pair(after.stats.auditPx),
    auditSmoothedPx: pair(after.stats.auditSmoothedPx),
    cpuSPerMin: perMinute('total'),
    gpuCpuSPerMin: perMinute('gpu'),
    faceShare: trackedFrames.length
      ? round(trackedFrames.filter((f) => f.face).length / trackedFrames.length, 3)
      : null,
    detectMs: summary(trackedFrames.map((f) => f.detect)),
    renderMs: summary(frames.map((f) => f.render)),
    latencyMs: summary(frames.map((f) => f.latency)),
    overlay: pick(after.stats, [
      'detectMs',
      'detectMsP95',
      'renderMs',
      'renderMsP95',
      'latencyMs',
      'latencyMsP95',
    ]),
    main: {
      lagMs: summary(p.lag),
      busy: round(
        (after.clock.task - before.clock.task) / (after.clock.wall - before.clock.wall),
        3,
      ),
      longTasks: p.longTasks.length,
      blockingMsPer10s: round((blocking / wallS) * 10, 1),
      longestTaskMs: round(Math.max(0, ...p.longTasks.map((t) => t.duration)), 1),
      rafMs: summary(p.raf),
      tapDelayMs: summary(p.taps.map((t) => t.delay)),
      tapPaintMs: summary(p.taps.map((t) => t.paint)),
    },
  };
}

/** A `p50,p95` data attribute as two numbers (none when empty). */
function pair(attribute) {
  return String(attribute ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);
}

function pick(object, keys) {
  return Object.fromEntries(keys.map((k) => [k, object[k] ?? null]));
}
