// Issue 48: this tree's app (A) against the app as built at another commit (B), on the same machine
// in one run, in turns (A, B, A, B …: the machine drifts over minutes, as lib/effect-cost.mjs found,
// so both weigh it alike). Each turn is a fresh browser on one build: /home?stats, 开启摄像头, the
// first glasses, a window of drawn and tracked rates, then a recording read from its file.
import { putOnFirstGlasses, startToFirstFrame, warmUp } from './app-flow.mjs';
import { measureWindow } from './measure.mjs';
import { resetProbes } from './probes.mjs';
import { measureRecording, probeFrames } from './recording.mjs';
import { openSession } from './session.mjs';
import { round } from './stats.mjs';

/**
 * turns: per build and video (A, B, A, B …); windowS / recordS: the window of rates and the
 * recording after it; deadlineS: the whole run's (run.mjs), builds included.
 */
export const AGAINST_PLANS = {
  quick: { turns: 2, windowS: 6, recordS: 6, warmupS: 3, videos: 1, deadlineS: 900 },
  full: { turns: 4, windowS: 15, recordS: 15, warmupS: 5, videos: Infinity, deadlineS: 2700 },
};

const TAP = '.model-cell[aria-pressed="true"]';
const firstLine = (error) => String(error instanceof Error ? error.message : error).split('\n')[0];

/**
 * Per-turn figures: [key, label, getter]. A figure either build does not report (an older app's
 * stats, no recording) is left out of the comparison and named in `leftOut`.
 */
export const FIGURES = [
  ['drawnFps', 'Drawn fps (app’s stats, window)', (t) => t.window?.drawnFps],
  ['trackedFps', 'Tracked fps (app’s stats, window)', (t) => t.window?.trackedFps],
  ['recordedFps', 'Recorded fps (file: frames / duration)', (t) => t.recording?.file?.fps],
  [
    'longestHoldMs',
    'Recording’s longest hold ms (file: gap between consecutive frames)',
    (t) => t.recording?.file?.longestHoldMs,
  ],
  ['recordingDrawnFps', 'Drawn fps while recording (app’s stats)', (t) => t.recording?.drawnFps],
  [
    'auditP50',
    'Audit px p50 (drawn pose vs that frame’s detection)',
    (t) => t.window?.auditPx?.[0],
  ],
  ['auditP95', 'Audit px p95', (t) => t.window?.auditPx?.[1]],
  ['cpuSPerMin', 'CPU s per minute, renderer + GPU (window)', (t) => t.window?.cpuSPerMin],
];

/** One turn: a fresh browser on the build served at `url`; `onSession` hands the session out. */
async function measureTurn({ url, camera, plan, log, onSession }) {
  const gpuCompositing = !plan.pageOnCpu;
  const session = await openSession({ cameraY4m: camera.y4m, gpuCompositing, log });
  onSession(session);
  try {
    const { page } = session;
    const cold = await startToFirstFrame(page, `${url}/home?stats`, plan.stepTimeoutMs);
    if (!(await putOnFirstGlasses(page, plan.stepTimeoutMs))) throw new Error('no glasses grid');
    const delegate = await warmUp(page, {
      seconds: plan.warmupS,
      minTracked: 20,
      timeoutMs: plan.stepTimeoutMs,
    });
    await resetProbes(page);
    const w = await measureWindow(session, { seconds: plan.windowS, tapSelector: TAP });
    // A recording failure is the build's, reported in its turn.
    const recording = await measureRecording(page, plan.recordS, log, probeFrames).catch(
      (error) => ({ available: true, error: firstLine(error) }),
    );
    const keys = ['seconds', 'video', 'drawnFps', 'trackedFps', 'cameraFps', 'auditPx'];
    const window = Object.fromEntries(keys.map((k) => [k, w[k]]));
    Object.assign(window, { cpuSPerMin: w.cpuSPerMin, renderMsP50: w.renderMs.p50 });
    return { delegate, firstTrackedMs: cold.firstTrackedMs, window, recording };
  } finally {
    await session.close();
  }
}

/**
 * A turn bounded in time: past `ms` its browser is closed (which ends its pending steps) and
 * the turn fails; a browser opened after that is closed at once.
 */
async function boundedTurn(options, ms) {
  /** @type {{ close(): Promise<void> } | null} */
  let session = null;
  let expired = false;
  const onSession = (s) => {
    session = s;
    if (expired) void s.close();
  };
  const task = measureTurn({ ...options, onSession });
  task.catch(() => {});
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      expired = true;
      void session?.close();
      reject(new Error(`turn still running after ${ms / 1000} s: its browser was closed`));
    }, ms);
  });
  try {
    return await Promise.race([task, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** @param {number[]} values */
function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);

/** Per figure: each build's per-turn values (null: turn failed or figure missing), medians, A − B. */
export function summarize(turns) {
  const figures = [];
  const leftOut = [];
  for (const [key, label, get] of FIGURES) {
    const values = (app) =>
      turns.filter((t) => t.app === app).map((t) => (t.error ? null : round(get(t), 2)));
    const a = values('A');
    const b = values('B');
    if (!a.some(isNumber) || !b.some(isNumber)) {
      leftOut.push(key);
      continue;
    }
    const medianA = round(median(a.filter(isNumber)), 2);
    const medianB = round(median(b.filter(isNumber)), 2);
    figures.push({
      ...{ key, label, a, b, medianA, medianB },
      difference: round(medianA - medianB, 2),
      change: medianB ? round((medianA - medianB) / medianB, 3) : null,
    });
  }
  return { figures, leftOut };
}

/**
 * Every video's turns, A then B, `plan.turns` times each. A turn that throws is kept with its
 * error and the run goes on; a turn that would end past `deadlineAt` is not started.
 * @param {{ apps: { key: 'A' | 'B', url: string }[], cameras: any[], plan: any,
 *   log: (line: string) => void, deadlineAt: number }} options
 */
export async function compareApps({ apps, cameras, plan, log, deadlineAt }) {
  const turnLimitMs = 2 * plan.stepTimeoutMs + (plan.warmupS + plan.windowS + plan.recordS) * 1e3;
  let longestMs = 60_000;
  const videos = [];
  for (const camera of cameras) {
    const turns = [];
    for (let turn = 1; turn <= plan.turns; turn++)
      for (const app of apps) {
        if (Date.now() + 1.5 * longestMs > deadlineAt) {
          turns.push({ app: app.key, turn, error: 'not run: too near the run’s deadline' });
          continue;
        }
        log(`against: ${camera.name}, turn ${turn} of ${plan.turns}, ${app.key} (${app.short})`);
        const t0 = Date.now();
        try {
          const figures = await boundedTurn({ url: app.url, camera, plan, log }, turnLimitMs);
          turns.push({
            app: app.key,
            turn,
            seconds: round((Date.now() - t0) / 1e3, 0),
            ...figures,
          });
          const rec = figures.recording;
          log(
            `against: ${app.key} drawn ${figures.window.drawnFps}, tracked ${figures.window.trackedFps}` +
              `, recorded ${rec.file?.fps ?? rec.error ?? '—'} fps, hold ${rec.file?.longestHoldMs ?? '—'} ms`,
          );
        } catch (error) {
          log(`against: ${app.key} turn ${turn} failed: ${firstLine(error)}`);
          turns.push({ app: app.key, turn, error: firstLine(error) });
        }
        longestMs = Math.max(longestMs, Date.now() - t0);
      }
    const { name, width, height, fps } = camera;
    videos.push({ camera: { name, width, height, fps }, turns, ...summarize(turns) });
  }
  return videos;
}
