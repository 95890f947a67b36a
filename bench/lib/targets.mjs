// The targets (#7), checked per video. `met` is null when a figure is missing (a
// configuration failed, or the window was shorter than the target's span).
import { gpuChange } from './effect-cost.mjs';
import { round } from './stats.mjs';

const MEMORY_SPAN_S = 120;

/** @param {boolean | null} met @param {string} value */
const verdict = (met, value) => ({ met, value });

/** @param {any} run one video's results: { worker, baseline, modelAlone } */
export function checkTargets(run) {
  const w = run.worker;
  const wm = w?.window?.main;
  const bm = run.baseline?.window?.main;
  const model = run.modelAlone?.[0];
  const targets = [];
  const add = (group, label, check) => {
    let result;
    try {
      result = check();
    } catch {
      result = null;
    }
    targets.push({ group, label, ...(result ?? verdict(null, 'not measured')) });
  };

  add('main thread', 'event-loop lag p95 ≤ 2 ms', () =>
    wm ? verdict(wm.lagMs.p95 <= 2, `${wm.lagMs.p95} ms`) : null,
  );
  add('main thread', 'lag p95 ≥ 10× lower than the baseline’s', () => {
    if (!wm || !bm) return null;
    const ratio = bm.lagMs.p95 / Math.max(wm.lagMs.p95, 0.01);
    return verdict(ratio >= 10, `${round(ratio, 1)}× (${bm.lagMs.p95} → ${wm.lagMs.p95} ms)`);
  });
  add('main thread', 'event-loop lag p99 ≤ 8 ms', () =>
    wm ? verdict(wm.lagMs.p99 <= 8, `${wm.lagMs.p99} ms`) : null,
  );
  add('main thread', 'zero long tasks after warm-up', () =>
    wm ? verdict(wm.longTasks === 0, `${wm.longTasks} (longest ${wm.longestTaskMs} ms)`) : null,
  );
  add('main thread', 'rAF interval p95 ≤ 20 ms', () =>
    wm ? verdict(wm.rafMs.p95 <= 20, `${wm.rafMs.p95} ms`) : null,
  );
  add('main thread', 'tap latency p95 ≤ 50 ms (to the next paint)', () => {
    if (!wm?.tapPaintMs.n) return null;
    const value = `${wm.tapPaintMs.p95} ms (handler runs after ${wm.tapDelayMs.p95} ms)`;
    return verdict(wm.tapPaintMs.p95 <= 50, value);
  });
  add('pipeline', 'drawn fps ≥ 0.9 × camera fps', () => {
    const win = w?.window;
    if (!win?.cameraFps) return null;
    const limit = 0.9 * win.cameraFps;
    return verdict(win.drawnFps >= limit, `${win.drawnFps} vs ${round(limit, 2)} fps`);
  });
  add('pipeline', 'tracked fps (every frame tracked) ≥ 0.8 × model alone', () => {
    const every = w?.everyFrame;
    if (!every || !model) return null;
    const limit = 0.8 * model.fps;
    return verdict(every.trackedFps >= limit, `${every.trackedFps} vs ${round(limit, 2)} fps`);
  });
  // Judged on the larger of the worker's figure and the page's wait between answers (configs.mjs).
  const watchS = w?.startWatchS ?? 20;
  add(
    'pipeline',
    `longest gap between drawn frames ≤ 250 ms (first ${watchS} s, fresh profile)`,
    () => {
      if (typeof w?.startGapMs !== 'number') return null;
      const gap = Math.max(w.startGapMs, w.startWaitMs ?? 0);
      const seen = `worker ${w.startGapMs} ms, page ${w.startWaitMs ?? '–'} ms`;
      return verdict(gap <= 250, `${seen} (${w.window?.longestGapMs} ms later)`);
    },
  );
  add('pipeline', 'position error p95 ≤ 2 px (drawn pose vs the frame’s own detection)', () => {
    const px = w?.window?.auditPx;
    if (!px?.length) return null;
    return verdict(px[1] <= 2, `${px[1]} px (p50 ${px[0]} px)`);
  });
  add('pipeline', 'CPU per minute adaptive ≤ 0.5 × tracking every frame', () => {
    const a = w?.window?.cpuSPerMin;
    const e = w?.everyFrame?.cpuSPerMin;
    if (!a || !e) return null;
    return verdict(a <= 0.5 * e, `${a} vs ${e} CPU s/min (${round(a / e, 2)}×)`);
  });
  const effectCost = (cost) => {
    if (typeof cost?.cost !== 'number') return null;
    const gpuMs = gpuChange(cost);
    const gpu = gpuMs ? `; GPU process ${gpuMs} ms a drawn frame` : '';
    const value = `${cost.without.drawnFps} → ${cost.with.drawnFps} fps (${round(cost.cost * 100, 1)} %)${gpu}`;
    return verdict(cost.cost <= 0.1, value);
  };
  add('pipeline', 'lens effect costs ≤ 10 % of the drawn rate (issue 39)', () =>
    effectCost(w?.lensCost),
  );
  add('pipeline', '摘掉我的眼镜 costs ≤ 10 % of the drawn rate (issue 52)', () =>
    effectCost(w?.ownGlassesCost),
  );
  // All four together: each alone costs no more than they do (none makes another cheaper).
  add('pipeline', 'occluder, shadow, room light and reflections cost ≤ 10 % (issue 52)', () =>
    effectCost(w?.looksCost),
  );
  add('pipeline', 'recording ≥ 25 fps', () => {
    const rec = w?.recording;
    if (!rec?.recordedFps) return null;
    return verdict(rec.recordedFps >= 25, `${rec.recordedFps} fps`);
  });
  add('pipeline', 'latency p95 ≤ 1.5 × (detect p95 + render p95) + one camera frame', () => {
    const win = w?.window;
    if (!win?.latencyMs.n || !win.cameraFps) return null;
    const limit = 1.5 * (win.detectMs.p95 + win.renderMs.p95) + 1000 / win.cameraFps;
    return verdict(win.latencyMs.p95 <= limit, `${win.latencyMs.p95} vs ${round(limit, 1)} ms`);
  });
  add('memory', 'JS heap growth over 2 minutes < 10 MB', () => {
    const m = w?.memory;
    if (!m) return null;
    const value = `${m.heapGrowthMb} MB over ${m.seconds} s (RSS ${m.rssGrowthMb} MB)`;
    return verdict(m.seconds >= MEMORY_SPAN_S ? m.heapGrowthMb < 10 : null, value);
  });
  add('memory', 'no VideoFrame left open', () => {
    const l = w?.leaks;
    if (!l) return null;
    const open = l.pipelineOpenFrames + l.pageOpenFrames;
    return verdict(
      open === 0,
      `${l.pipelineOpenFrames} in the worker, ${l.pageOpenFrames} on the page`,
    );
  });
  add('start', 'warm start to first tracked frame ≤ 1.5 s', () =>
    w?.warm ? verdict(w.warm.firstTrackedMs <= 1500, `${w.warm.firstTrackedMs} ms`) : null,
  );
  // Issue 13: a dead worker is noticed within 1 s and the face tracked again within 3 s.
  add('recovery', 'worker ended → noticed ≤ 1 s, tracking again ≤ 3 s', () => {
    const r = w?.recovery;
    if (!r || r.trackedMs == null) return r?.error ? verdict(false, r.error) : null;
    return verdict(
      r.noticedMs <= 1000 && r.trackedMs <= 3000,
      `${r.noticedMs} / ${r.trackedMs} ms`,
    );
  });
  return targets;
}
