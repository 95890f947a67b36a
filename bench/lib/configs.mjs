// The three configurations, each in its own browser on the same camera video:
// worker (the app as shipped), main-thread baseline (bench/pages/baseline.html), model alone.
import { putOnFirstGlasses, startToFirstFrame, stopAndCheck, warmUp } from './app-flow.mjs';
import { measureWindow } from './measure.mjs';
import { resetProbes } from './probes.mjs';
import { measureRecording } from './recording.mjs';
import { memory, openSession } from './session.mjs';
import { round, sleep, summary } from './stats.mjs';

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

const roundAll = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v, 2)]));

/** The app as shipped: /home?stats, cold start on the fresh profile, warm start on reload. */
export async function runWorker({ baseUrl, camera, plan, soakS, log }) {
  const session = await openSession({ cameraY4m: camera.y4m, log });
  try {
    const { page } = session;
    const timeout = plan.stepTimeoutMs;
    log('worker: cold start');
    const cold = await startToFirstFrame(page, `${baseUrl}/home?stats`, timeout);
    const glasses = await putOnFirstGlasses(page, timeout);
    const delegate = await warmUp(page, { seconds: plan.warmupS, minTracked: 20, timeoutMs: 120_000 });
    log(`worker: measuring ${soakS > plan.windowS ? `(${soakS} s soak)` : ''} on ${delegate}`);
    const measured = await windowWithMemory(session, plan, soakS, '.model-cell[aria-pressed="true"]');
    const recording = await measureRecording(page, plan.recordS, log);
    const leaks = await stopAndCheck(page);
    log('worker: warm start');
    const warm = await startToFirstFrame(page, null, timeout);
    return { delegate, glasses, cold, warm, ...measured, recording, leaks };
  } finally {
    await session.close();
  }
}

/** The same pipeline on the main thread, with the delegate the app chose on this machine. */
export async function runBaseline({ baseUrl, camera, plan, delegate, soakS, log }) {
  const session = await openSession({ cameraY4m: camera.y4m, serviceWorkers: 'block', log });
  try {
    const { page } = session;
    const url = `${baseUrl}/bench/pages/baseline.html?delegate=${delegate}`;
    log('baseline: start');
    const start = await startToFirstFrame(page, url, plan.stepTimeoutMs);
    await warmUp(page, { seconds: plan.warmupS, minTracked: 10, timeoutMs: 120_000 });
    log('baseline: measuring');
    const measured = await windowWithMemory(session, plan, soakS, 'h1');
    const leaks = await stopAndCheck(page);
    return { delegate, start, ...measured, leaks };
  } finally {
    await session.close();
  }
}

/** Drops the first detections (graph warm-up, GPU shader compiles) from the timings. */
const WARMUP_DETECTIONS = 5;

/**
 * detectForVideo back to back in a worker on frames captured beforehand, for each variant
 * ({ delegate, input }); the first variant is the product's own (VideoFrame input).
 */
export async function runModelAlone({ baseUrl, camera, plan, variants, log }) {
  const session = await openSession({ cameraY4m: camera.y4m, serviceWorkers: 'block', log });
  const results = [];
  try {
    const { page } = session;
    for (const { delegate, input } of variants) {
      log(`model alone: ${delegate} ${input}`);
      const query = `delegate=${delegate}&input=${input}&frames=${plan.modelFrames}&rounds=${plan.modelRounds}`;
      await page.goto(`${baseUrl}/bench/pages/model-alone.html?${query}`);
      const handle = await page.waitForFunction(
        () => document.body.dataset.result ?? document.body.dataset.error,
        null,
        { polling: 250, timeout: plan.modelTimeoutMs },
      );
      const text = String(await handle.jsonValue());
      const error = await page.evaluate(() => document.body.dataset.error ?? null);
      if (error) throw new Error(`model alone (${delegate}, ${input}): ${error}`);
      const run = JSON.parse(text);
      const skip = Math.min(WARMUP_DETECTIONS, run.times.length - 1);
      const times = run.times.slice(skip);
      const convertMs = run.convertMs.slice(skip);
      // Frames per second back to back: conversion (if any) plus detection.
      const mean = (times.reduce((a, b) => a + b, 0) + convertMs.reduce((a, b) => a + b, 0)) / times.length;
      results.push({
        delegate,
        input,
        size: `${run.width}x${run.height}`,
        createMs: round(run.createMs, 0),
        convertMs: summary(convertMs),
        detectMs: summary(times),
        fps: round(1000 / mean, 2),
        uploadMs: summary(run.uploadMs),
      });
    }
    return results;
  } finally {
    await session.close();
  }
}
