// RESULTS.md: one table per video (worker, baseline, model alone, and the two ratios), the
// targets, the model's input/delegate variants, and the machine.
import { motionSection } from './motion-report.mjs';
import { tryAllSection } from './try-all.mjs';
import { gpuChange } from './effect-cost.mjs';
import { round } from './stats.mjs';

const NA = '—';
const fmt = (values) =>
  values ? values.map((v) => (v === null || v === undefined ? NA : String(v))).join(' / ') : NA;
const ratio = (a, b) =>
  a && b && a.length === b.length
    ? a.map((x, i) => (x === null || !b[i] ? NA : String(round(x / b[i], 2)))).join(' / ')
    : NA;
const pct = (s) => (s === null || s === undefined ? null : round(s * 100, 1));

/** Seconds after a fresh profile's first frame that its gap was read (the plan's startWatchS). */
const watched = (worker) => `first ${worker?.startWatchS ?? 20} s of a fresh profile`;

/**
 * Rows: label (or a label from the worker's results), then a getter per configuration returning
 * numbers (ratios are per number).
 */
const ROWS = [
  ['Tracked fps (model alone: detections/s)', (c) => [c.window?.trackedFps], (m) => [m.fps]],
  ['Drawn fps', (c) => [c.window?.drawnFps]],
  ['Tracking every frame it can (reference): tracked fps', (c) => [c.everyFrame?.trackedFps]],
  [
    'Drawing every other frame (what drawing costs tracking): tracked / drawn fps',
    (c) => (c.halfDrawn?.drawnFps ? [c.halfDrawn.trackedFps, c.halfDrawn.drawnFps] : null),
  ],
  [
    'Drawn pose vs that frame’s own detection, px p50 / p95 (audit)',
    (c) => (c.window?.auditPx?.length ? c.window.auditPx : null),
  ],
  [
    'Drawn pose vs the smoothed pose of that detection, px p50 / p95',
    (c) => (c.window?.auditSmoothedPx?.length ? c.window.auditSmoothedPx : null),
  ],
  [
    'Lens effect (−6.00 D, grey 50 %), in turns: drawn fps clear / with it',
    (c) => (c.lensCost?.with ? [c.lensCost.without.drawnFps, c.lensCost.with.drawnFps] : null),
  ],
  [
    '摘掉我的眼镜 (the wearer’s own frame taken off), in turns: drawn fps off / on',
    (c) =>
      c.ownGlassesCost?.with
        ? [c.ownGlassesCost.without.drawnFps, c.ownGlassesCost.with.drawnFps]
        : null,
  ],
  [
    'The looks (head occluder, contact shadow, room light and reflections), in turns: drawn fps off / on',
    (c) => (c.looksCost?.with ? [c.looksCost.without.drawnFps, c.looksCost.with.drawnFps] : null),
  ],
  [
    'Lens effect / 摘掉我的眼镜 / the looks: GPU process CPU ms per drawn frame, without → with',
    (c) =>
      c.lensCost || c.ownGlassesCost || c.looksCost
        ? [gpuChange(c.lensCost), gpuChange(c.ownGlassesCost), gpuChange(c.looksCost)]
        : null,
  ],
  [
    'Low-end profile (CDP CPU throttle 4×): drawn / tracked fps',
    (c) => (c.lowEnd?.drawnFps ? [c.lowEnd.drawnFps, c.lowEnd.trackedFps] : null),
  ],
  [
    'Low-end profile: detect / render ms p50 (unthrottled in the rows below)',
    (c) => (c.lowEnd?.detectMs ? [c.lowEnd.detectMs.p50, c.lowEnd.renderMs.p50] : null),
  ],
  [
    'CPU s per minute, renderer + GPU: adaptive / every frame',
    (c) => [c.window?.cpuSPerMin, c.everyFrame?.cpuSPerMin],
  ],
  [
    'of which the GPU process (software GL draws and composites there): adaptive / every frame',
    (c) => [c.window?.gpuCpuSPerMin, c.everyFrame?.gpuCpuSPerMin],
  ],
  [
    (worker) => `Longest gap between drawn frames ms: window / ${watched(worker)}`,
    (c) => [c.window?.longestGapMs, c.startGapMs],
  ],
  [
    (worker) => `Longest wait between two answers on the page ms, ${watched(worker)}`,
    (c) => [c.startWaitMs],
  ],
  [
    'Camera fps (track) / presented to the page',
    (c) => [c.window?.cameraFps, c.window?.presentedFps],
  ],
  ['Dropped frames / % of camera frames', (c) => [c.window?.dropped, pct(c.window?.droppedShare)]],
  ['Detect ms p50 / p95', (c) => p(c.window?.detectMs, 2), (m) => p(m.detectMs, 2)],
  ['Render ms p50 / p95', (c) => p(c.window?.renderMs, 2)],
  ['Capture → frame done ms p50 / p95', (c) => p(c.window?.latencyMs, 2)],
  ['Main: event-loop lag ms p50 / p95 / p99 / max', (c) => p(c.window?.main.lagMs, 4)],
  ['Main: busy % of wall time', (c) => [pct(c.window?.main.busy)]],
  [
    'Main: long tasks / blocking ms per 10 s',
    (c) => [c.window?.main.longTasks, c.window?.main.blockingMsPer10s],
  ],
  [
    'Main: rAF interval ms p50 / p95 / max',
    (c) => p(c.window?.main.rafMs, 2).concat(c.window?.main.rafMs.max),
  ],
  ['Main: tap → handler ms p50 / p95', (c) => p(c.window?.main.tapDelayMs, 2)],
  ['Main: tap → next paint ms p50 / p95', (c) => p(c.window?.main.tapPaintMs, 2)],
  ['JS heap MB (page + worker) start / end', (c) => heap(c.memory)],
  ['Renderer + GPU RSS MB start / end', (c) => rss(c.memory)],
  [
    'Memory span s: heap / RSS growth MB',
    (c) => [c.memory?.seconds, c.memory?.heapGrowthMb, c.memory?.rssGrowthMb],
  ],
  [
    'VideoFrames open after stop: pipeline / page',
    (c) => [c.leaks?.pipelineOpenFrames, c.leaks?.pageOpenFrames],
  ],
  ['Cold start ms: navigation → first tracked / click → first', (c) => start(c.cold ?? c.start)],
  [
    'Warm start ms (the median of the reloads): navigation → first tracked / click → first',
    (c) => start(c.warm),
  ],
  ['Warm start, each reload in turn: navigation → first tracked ms', (c) => c.warm?.reloadsMs],
  [
    'Warm start steps, ms from navigation: stored assets read / engine ready / scene ready / click',
    (c) => startSteps(c.warm),
  ],
  [
    'Crash recovery ms: worker ended → noticed / tracked again',
    (c) => [c.recovery?.noticedMs, c.recovery?.trackedMs],
  ],
];

function p(s, count) {
  const keys = ['p50', 'p95', 'p99', 'max'].slice(0, count);
  return keys.map((k) => s?.[k] ?? null);
}
const heap = (m) =>
  m
    ? [
        round(m.start.pageHeapMb + m.start.workerHeapMb, 1),
        round(m.end.pageHeapMb + m.end.workerHeapMb, 1),
      ]
    : null;
const rss = (m) =>
  m
    ? [
        round(m.start.rendererRssMb + m.start.gpuRssMb, 0),
        round(m.end.rendererRssMb + m.end.gpuRssMb, 0),
      ]
    : null;
const start = (s) => (s ? [s.firstTrackedMs, s.clickToFirstMs] : null);

/** Where each step of a start ended (the app's own measures, see use-try-on.ts). */
function startSteps(s) {
  if (!s) return null;
  const end = (name) => {
    const m = s.measures?.find((x) => x.name === name);
    return m ? m.startMs + m.durationMs : null;
  };
  return [end('storage:prepare'), end('engine:ready'), end('engine:scene'), s.clickMs];
}

function videoSection(run) {
  const { worker, baseline } = run;
  const model = run.modelAlone?.[0];
  const lines = [
    `## ${run.camera.name} (${run.camera.width}×${run.camera.height}, ${run.camera.fps} fps file)`,
    '',
    `Delegate: ${worker?.delegate ?? NA} (the app's own choice; baseline and model alone use it too).` +
      ` Window ${worker?.window?.seconds ?? NA} s (worker), ${baseline?.window?.seconds ?? NA} s (baseline).`,
    '',
    '| Figure | Worker | Main-thread baseline | Model alone | Worker / baseline | Worker / model alone |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const [title, get, getModel] of ROWS) {
    const label = typeof title === 'function' ? title(worker) : title;
    const w = worker ? get(worker) : null;
    const b = baseline ? get(baseline) : null;
    const m = model && getModel ? getModel(model) : null;
    lines.push(
      `| ${label} | ${fmt(w)} | ${fmt(b)} | ${fmt(m)} | ${ratio(w, b)} | ${ratio(w, m)} |`,
    );
  }
  const rec = worker?.recording;
  const recText = !rec
    ? NA
    : !rec.available
      ? 'not available yet'
      : rec.error
        ? `failed: ${rec.error}`
        : `${rec.trackedFps} tracked / ${rec.drawnFps ?? NA} drawn / ${rec.recordedFps ?? NA} recorded fps`;
  lines.push(
    `| Recording on: tracked / drawn / recorded fps | ${recText} | ${NA} | ${NA} | ${NA} | ${NA} |`,
  );
  for (const error of run.errors) lines.push('', `**${error.config} failed:** ${error.message}`);
  lines.push(
    '',
    '### Targets',
    '',
    '| Group | Target | Value | Met |',
    '| --- | --- | --- | --- |',
  );
  for (const t of run.targets) {
    const met = t.met === null ? 'n/a' : t.met ? '✅ yes' : '❌ no';
    lines.push(`| ${t.group} | ${t.label} | ${t.value} | ${met} |`);
  }
  if ((run.modelAlone?.length ?? 0) > 1) lines.push('', ...variantsTable(run.modelAlone));
  return lines;
}

function variantsTable(variants) {
  const lines = [
    '### Model alone: delegate, input, and the whole pipeline',
    '',
    '| Delegate | Run | Frame | Create ms | Convert ms p50 / p95 | Detect ms p50 / p95 |' +
      ' Render ms p50 / p95 | GPU flush ms p50 / p95 | Frames/s | GL upload + read ms p50 / p95 |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const cell = (s) => (s?.n ? fmt(p(s, 2)) : NA);
  for (const v of variants)
    lines.push(
      `| ${v.delegate} | ${v.input} | ${v.size} | ${v.createMs} | ${cell(v.convertMs)} |` +
        ` ${cell(v.detectMs)} | ${cell(v.renderMs)} | ${cell(v.flushMs)} | ${v.fps} | ${cell(v.uploadMs)} |`,
    );
  return lines;
}

/** The whole RESULTS.md text. */
export function renderMarkdown(result) {
  const { machine: m, load } = result;
  return [
    '# Bench results (`npm run bench`)',
    '',
    `Run ${result.date} (${result.mode}), commit ${m.commit ?? NA}` +
      `${m.uncommittedFiles ? ` + ${m.uncommittedFiles} uncommitted files` : ''}, ${result.seconds} s.`,
    '',
    `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB; Chromium ${m.chromium} headless;` +
      ` WebGL ${m.webgl.vendor ?? NA} / ${m.webgl.renderer ?? NA}; Node ${m.node}.` +
      ` Load average (1/5/15 min) ${load.start.loadAverage.join(', ')} at the start,` +
      ` ${load.end.loadAverage.join(', ')} at the end.`,
    '',
    ...result.videos.flatMap((run) => [...videoSection(run), '']),
    ...motionSection(result.motion),
    ...(result.tryAll !== undefined ? tryAllSection(result.tryAll, result.tryAllError) : []),
    '## How to read this',
    '',
    ...result.notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
}
