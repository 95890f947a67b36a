// The three configurations, each in its own browser on the same camera video:
// worker (the app as shipped), main-thread baseline (the app's page fallback), model alone.
import {
  measureRecovery,
  putOnFirstGlasses,
  startToFirstFrame,
  stopAndCheck,
  switchCameraOff,
  warmUp,
} from './app-flow.mjs';
import { measureEffectCost } from './effect-cost.mjs';
import { measureWindow, readStats } from './measure.mjs';
import { resetProbes } from './probes.mjs';
import { measureRecording } from './recording.mjs';
import { memory, openSession } from './session.mjs';
import { round, sleep, summary } from './stats.mjs';

/** A failed step's reason for the results: its message's first line. */
const firstLine = (error) => String(error instanceof Error ? error.message : error).split('\n')[0];

/** Memory at the start of the window and after the soak (or the window), as the brief asks. */
async function windowWithMemory(session, plan, soakS, tapSelector) {
  await resetProbes(session.page);
  const start = await memory(session);
  const t0 = Date.now();
  const figures = await measureWindow(session, { seconds: plan.windowS, tapSelector });
  await sleep(Math.max(0, soakS * 1000 - (Date.now() - t0)));
  await resetProbes(session.page);
  const end = await memory(session);
  const seconds = round((Date.now() - t0) / 1000, 1);
  const growth = (key) => round(end[key] - start[key], 2);
  return {
    window: figures,
    memory: {
      seconds,
      start: roundAll(start),
      end: roundAll(end),
      heapGrowthMb: round(growth('pageHeapMb') + growth('workerHeapMb'), 2),
      rssGrowthMb: round(growth('rendererRssMb') + growth('gpuRssMb'), 1),
    },
  };
}

/**
 * The same app with a test switch in its query: `track=every`, the tracking worker takes every
 * frame it can (back to back), the reference for the adaptive schedule's CPU time and the tracked
 * rate's ceiling; `draw=half`, every other video frame is drawn, which shows how many detections
 * the drawing's CPU costs (issue 37).
 */
async function measureSwitched(session, baseUrl, plan, query) {
  const { page } = session;
  await startToFirstFrame(page, `${baseUrl}/home?stats&${query}`, plan.stepTimeoutMs);
  await putOnFirstGlasses(page, plan.stepTimeoutMs);
  await warmUp(page, { seconds: plan.warmupS, minTracked: 20, timeoutMs: 120_000 });
  await resetProbes(page);
  return measureWindow(session, {
    seconds: plan.refWindowS,
    tapSelector: '.model-cell[aria-pressed="true"]',
  });
}

/** DevTools' CPU throttle, as a stand-in for a low-end phone (the brief's 4×). */
const LOW_END_RATE = 4;

/**
 * The app as shipped with the renderer's CPU throttled (CDP `Emulation.setCPUThrottlingRate` on the
 * page's target). Whether it reaches the workers shows in their figures: detect (tracking
 * worker) and render (render worker) times against the unthrottled window's.
 */
async function measureLowEnd(session, baseUrl, plan) {
  const { page, cdp } = session;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: LOW_END_RATE });
  try {
    await startToFirstFrame(page, `${baseUrl}/home?stats`, plan.stepTimeoutMs);
    await putOnFirstGlasses(page, plan.stepTimeoutMs);
    await warmUp(page, { seconds: plan.warmupS, minTracked: 10, timeoutMs: 180_000 });
    await resetProbes(page);
    const figures = await measureWindow(session, {
      seconds: plan.refWindowS,
      tapSelector: '.model-cell[aria-pressed="true"]',
    });
    return { rate: LOW_END_RATE, ...figures };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
  }
}

/**
 * The references beside the app as shipped: every frame tracked, every other frame drawn, the
 * low-end profile, and what the lens effect, 摘掉我的眼镜 and the looks cost.
 */
async function measureReferences(session, baseUrl, plan, log) {
  log('worker: tracking every frame (the reference for the adaptive default)');
  const everyFrame = await measureSwitched(session, baseUrl, plan, 'track=every');
  log('worker: drawing every other frame (what drawing costs tracking)');
  const halfDrawn = await measureSwitched(session, baseUrl, plan, 'draw=half');
  log(`worker: low-end profile (CPU throttled ${LOW_END_RATE}×)`);
  const lowEnd = await measureLowEnd(session, baseUrl, plan).catch((error) => ({
    error: firstLine(error),
  }));
  log('worker: without and with a prescription’s lens effect (issue 39)');
  const lensCost = await measureEffectCost(session, baseUrl, plan, 'lens').catch((error) => ({
    error: firstLine(error),
  }));
  log('worker: without and with 摘掉我的眼镜 (issue 52)');
  const ownGlassesCost = await measureEffectCost(session, baseUrl, plan, 'ownGlasses').catch(
    (error) => ({ error: firstLine(error) }),
  );
  log('worker: without and with the looks: occluder, shadow, room light (issue 52)');
  const looksCost = await measureEffectCost(session, baseUrl, plan, 'looks').catch((error) => ({
    error: firstLine(error),
  }));
  return { everyFrame, halfDrawn, lowEnd, lensCost, ownGlassesCost, looksCost };
}

/**
 * The longest wait between two of the engine's answers on the page since the first (the frame
 * log, ?stats). The camera never stops here, so the picture stood still that long. The worker's
 * own figure (longestGapMs) counts from the drawn frame's capture, and the pump replaces a waiting
 * frame with the newest: a stall it sat out in the queue does not show there.
 */
async function longestAnswerGap(page) {
  const times = await page.evaluate(() => (window.__tryOnFrames ?? []).map((f) => f.at));
  let longest = 0;
  for (let i = 1; i < times.length; i++) longest = Math.max(longest, times[i] - times[i - 1]);
  return round(longest, 0);
}

const roundAll = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v, 2)]));

/**
 * Reloads timed for the warm start. One reload's time scatters by some 0.3–0.6 s here (bench
 * RESULTS.md's warm starts, run to run); its figure is the median reload's, with each one's kept.
 */
export const WARM_RELOADS = 3;

/** The start with the median time to the first tracked frame, and every start's time. */
export function medianStart(starts) {
  const sorted = [...starts].sort((a, b) => a.firstTrackedMs - b.firstTrackedMs);
  return {
    ...sorted[Math.floor(sorted.length / 2)],
    reloadsMs: starts.map((s) => s.firstTrackedMs),
  };
}

/** The app as shipped: /home?stats, cold start on the fresh profile, warm start on reload. */
export async function runWorker({ baseUrl, camera, plan, soakS, log }) {
  const session = await openSession({ cameraY4m: camera.y4m, log });
  try {
    const { page } = session;
    const timeout = plan.stepTimeoutMs;
    log('worker: cold start');
    const cold = await startToFirstFrame(page, `${baseUrl}/home?stats`, timeout);
    const firstAt = Date.now();
    const glasses = await putOnFirstGlasses(page, timeout);
    // Stalls show on a fresh profile: the delegate trial, the first glasses, shader compiles.
    await sleep(Math.max(0, plan.startWatchS * 1000 - (Date.now() - firstAt)));
    const startGapMs = Number((await readStats(page)).longestGapMs ?? 0);
    const startWaitMs = await longestAnswerGap(page);
    const delegate = await warmUp(page, {
      seconds: plan.warmupS,
      minTracked: 20,
      timeoutMs: 120_000,
    });
    log(`worker: measuring on ${delegate}${soakS > plan.windowS ? `, ${soakS} s soak` : ''}`);
    const measured = await windowWithMemory(
      session,
      plan,
      soakS,
      '.model-cell[aria-pressed="true"]',
    );
    // A recording failure is the app's, not the bench's: it is reported, the run goes on.
    const recording = await measureRecording(page, plan.recordS, log).catch((error) => ({
      available: true,
      error: firstLine(error),
    }));
    log('worker: crash recovery (the try-on worker ended from inside)');
    const recovery = await measureRecovery(page, timeout).catch((error) => ({
      error: firstLine(error),
    }));
    const leaks = await stopAndCheck(page);
    log(`worker: warm start, ${WARM_RELOADS} reloads`);
    const reloads = [];
    for (let i = 0; i < WARM_RELOADS; i++) {
      // Each from the camera off, as the first (stopAndCheck above).
      if (i > 0) await switchCameraOff(page);
      reloads.push(await startToFirstFrame(page, null, timeout));
    }
    const warm = medianStart(reloads);
    const references = plan.references ? await measureReferences(session, baseUrl, plan, log) : {};
    return {
      ...{ delegate, glasses, cold, startWatchS: plan.startWatchS, startGapMs, startWaitMs },
      ...{ warm, ...measured, recording, recovery, leaks, ...references },
    };
  } finally {
    await session.close();
  }
}

/**
 * The app's page fallback (`?engine=page`): the very same engine code on the main thread, as
 * browsers without WebGL in workers run it, with the delegate the app chose on this machine.
 */
export async function runBaseline({ baseUrl, camera, plan, delegate, soakS, log }) {
  const session = await openSession({ cameraY4m: camera.y4m, serviceWorkers: 'block', log });
  try {
    const { page } = session;
    const url = `${baseUrl}/home?stats&engine=page&delegate=${delegate}`;
    log('baseline: start');
    const start = await startToFirstFrame(page, url, plan.stepTimeoutMs);
    await putOnFirstGlasses(page, plan.stepTimeoutMs);
    await warmUp(page, { seconds: plan.warmupS, minTracked: 10, timeoutMs: 120_000 });
    log('baseline: measuring');
    const window = { ...plan, windowS: plan.refWindowS };
    const measured = await windowWithMemory(session, window, soakS, 'h1');
    const leaks = await stopAndCheck(page);
    return { delegate, start, ...measured, leaks };
  } finally {
    await session.close();
  }
}

/** Drops the first detections (graph warm-up, GPU shader compiles) from the timings. */
const WARMUP_DETECTIONS = 5;

const sum = (values) => values.reduce((a, b) => a + b, 0);

/**
 * Back to back in a worker on frames captured beforehand, per variant: detectForVideo alone
 * ({ delegate, input }), or the whole pipeline ({ delegate, mode: 'pipeline', flush }). The first
 * variant is the product's own (detection on the VideoFrame).
 */
export async function runModelAlone({ baseUrl, camera, plan, variants, log }) {
  const session = await openSession({ cameraY4m: camera.y4m, serviceWorkers: 'block', log });
  const results = [];
  try {
    const { page } = session;
    for (const variant of variants) {
      const {
        delegate,
        input = 'videoframe',
        mode = 'model',
        flush = false,
        glasses = true,
        blendshapes = true,
      } = variant;
      const name =
        mode === 'pipeline'
          ? `pipeline${glasses ? '' : ' without glasses'}${flush ? ' + flush' : ''}`
          : `${input}${blendshapes ? '' : ' without blendshapes'}`;
      log(`model alone: ${delegate} ${name}`);
      const query = new URLSearchParams({
        delegate,
        input,
        mode,
        frames: String(plan.modelFrames),
      });
      query.set('rounds', String(plan.modelRounds));
      if (flush) query.set('flush', '1');
      if (!glasses) query.set('glasses', '0');
      if (!blendshapes) query.set('blendshapes', '0');
      await page.goto(`${baseUrl}/bench/pages/model-alone.html?${query}`);
      await page.waitForFunction(
        () => document.body.dataset.result ?? document.body.dataset.error,
        null,
        { polling: 250, timeout: plan.modelTimeoutMs },
      );
      const { result, error } = await page.evaluate(() => ({ ...document.body.dataset }));
      if (error) throw new Error(`model alone (${delegate}, ${name}): ${error}`);
      const run = JSON.parse(result);
      const skip = Math.min(WARMUP_DETECTIONS, run.times.length - 1);
      const part = (key) => (run[key]?.length ? run[key].slice(skip) : []);
      const times = part('times');
      const extra = ['convertMs', 'renderMs', 'flushMs'].map((key) => sum(part(key)));
      results.push({
        delegate,
        input: name,
        size: `${run.width}x${run.height}`,
        createMs: round(run.createMs, 0),
        convertMs: summary(part('convertMs')),
        detectMs: summary(times),
        renderMs: summary(part('renderMs')),
        flushMs: summary(part('flushMs')),
        // Frames per second back to back: everything the variant does per frame.
        fps: round((1000 * times.length) / (sum(times) + sum(extra)), 2),
        uploadMs: summary(run.uploadMs ?? []),
      });
    }
    return results;
  } finally {
    await session.close();
  }
}
