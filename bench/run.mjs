// `npm run bench [-- --quick] [-- --no-build]`: worker pipeline vs. main-thread baseline vs. the
// model alone, on the same machine in one run (see bench/README.md); `-- --against <commit>`: this
// tree's app against the commit's, in turns (lib/compare-run.mjs). Exits 0 whenever it measured,
// whatever the figures; non-zero only when the bench itself failed.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { PROJECT_ROOT } from '../scripts/lib/constants.mjs';
import { startServer } from '../scripts/serve.mjs';
import { prepareFixtures } from '../tests/e2e/fixtures.mjs';
import { AGAINST_PLANS } from './lib/compare.mjs';
import { buildBench } from './lib/compare-build.mjs';
import { readAgainstSections, writeAgainstSection } from './lib/compare-report.mjs';
import { runAgainst } from './lib/compare-run.mjs';
import { runBaseline, runModelAlone, runWorker } from './lib/configs.mjs';
import { describeMachine, load, runHead } from './lib/machine.mjs';
import { NOTES } from './lib/notes.mjs';
import { renderMarkdown } from './lib/report.mjs';
import { openBrowsers } from './lib/session.mjs';
import { round } from './lib/stats.mjs';
import { checkTargets } from './lib/targets.mjs';
import { runCut, runFile, runStill } from './lib/motion.mjs';
import { prepareCodedClips } from '../tests/outside/clips.mjs';
import { prepareMotionFixtures } from '../tests/e2e/motion-fixtures.mjs';
import { runTryAll } from './lib/try-all.mjs';
import { runCatalogue } from './lib/catalogue.mjs';
import { catalogueLines } from './lib/catalogue-report.mjs';

// windowS: the app as shipped; refWindowS: the references beside it (every frame tracked, every
// other frame drawn, the low-end profile, the main-thread baseline); `references`: whether the first two run at all.
// startWatchS: how long after a fresh profile's first frame its longest gap is read. Issue 7: a
// full run under 10 minutes, a quick one (a smoke test of the bench itself, 136 s in CI with the
// references) under 2.
const PLANS = {
  quick: {
    ...{ windowS: 5, refWindowS: 5, warmupS: 2, soakS: 0, recordS: 4, startWatchS: 8 },
    ...{ references: false, modelFrames: 15 },
  },
  full: {
    ...{ windowS: 30, refWindowS: 15, warmupS: 8, soakS: 120, recordS: 8, startWatchS: 20 },
    ...{ references: true, modelFrames: 20 },
  },
};
const LIMITS = {
  quick: { videos: 1, variants: false, deadlineS: 300 },
  full: { videos: Infinity, variants: true, deadlineS: 1200 },
};

const { values: args } = parseArgs({
  // --motion-only: issue 37's clips alone (with --quick, a quick look at them while tuning).
  options: {
    quick: { type: 'boolean' },
    'no-build': { type: 'boolean' },
    'motion-only': { type: 'boolean' },
    // --try-all-only: issue 38's grid alone (printed, not written to RESULTS.md).
    'try-all-only': { type: 'boolean' },
    // --catalogue-only: issue 51's shop catalogue alone (printed, not written to RESULTS.md).
    'catalogue-only': { type: 'boolean' },
    // --against <commit>: this tree's app and the commit's, in turns (issue 48); --keep-against
    // leaves the commit's worktree (../bench-against-<sha>) for the next run.
    against: { type: 'string' },
    'keep-against': { type: 'boolean' },
    // --page-on-cpu (with --against): pages composited on the CPU, as Chromium does where it has
    // no GPU, instead of through SwiftShader as a phone's GPU would.
    'page-on-cpu': { type: 'boolean' },
  },
});
const mode = args.quick ? 'quick' : 'full';
const plan = {
  ...PLANS[mode],
  modelRounds: 2,
  stepTimeoutMs: 120_000,
  modelTimeoutMs: 240_000,
};
const started = Date.now();
const log = (line) => console.log(`bench [${round((Date.now() - started) / 1000, 0)} s] ${line}`);
/** @type {{ close(): Promise<void> } | null} */
let server = null;
/** What --against opened: its servers and worktree, closed last to first. */
const closers = [];

async function cleanup() {
  await Promise.allSettled([...openBrowsers].map((b) => b.close()));
  await server?.close().catch(() => {});
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
}

function fail(reason, code = 1) {
  console.error(`bench: ${reason}`);
  void cleanup().finally(() => process.exit(code));
}
process.once('SIGINT', () => fail('interrupted', 130));
process.on('unhandledRejection', (error) => fail(`unhandled rejection: ${error}`));
process.once('SIGTERM', () => fail('terminated', 143));
// A hung browser must not hang CI: past the deadline the run is a failure.
const deadlineS =
  args.against !== undefined ? AGAINST_PLANS[mode].deadlineS : LIMITS[mode].deadlineS;
setTimeout(() => fail(`still running after ${deadlineS} s`), deadlineS * 1000).unref();

/** The app plus the bench pages, into dist-bench/ (vite.config.ts, VITE_BENCH=1). */
async function build() {
  log('build');
  await buildBench(PROJECT_ROOT);
}

/** The app's delegate first (the product's input), then the other inputs and delegate. */
function variants(delegate, all) {
  const list = [{ delegate, input: 'videoframe' }];
  if (!all) return list;
  for (const input of ['imagebitmap', 'imagedata', 'rgba-copy']) list.push({ delegate, input });
  // What the expression model costs a detection (issue 37: the app could skip it for glasses
  // without morph targets).
  list.push({ delegate, input: 'videoframe', blendshapes: false });
  list.push({ delegate: delegate === 'CPU' ? 'GPU' : 'CPU', input: 'videoframe' });
  // Where the render goes: the pipeline as in the app, then waiting for each frame's drawing.
  list.push({ delegate, mode: 'pipeline' }, { delegate, mode: 'pipeline', flush: true });
  list.push({ delegate, mode: 'pipeline', flush: true, glasses: false });
  return list;
}

/** Runs one configuration; a failure is logged and listed in `errors`, and the run goes on. */
const attempter = (errors) => async (config, task) => {
  try {
    return await task();
  } catch (error) {
    log(`${config} failed: ${error instanceof Error ? error.stack : error}`);
    errors.push({ config, message: error instanceof Error ? error.message : String(error) });
    return null;
  }
};

/** Issue 37's clips (lib/motion.mjs): a still face with noise, a scene cut; a face file playing. */
async function measureMotion(baseUrl) {
  const motion = await prepareMotionFixtures();
  const result = { errors: [] };
  const attempt = attempter(result.errors);
  const common = { baseUrl, plan, log };
  result.still = await attempt('still face', () => runStill({ ...common, steady: motion.steady }));
  result.cut = await attempt('cut clip', () => runCut({ ...common, cut: motion.cut }));
  const { file } = await (await prepareCodedClips()).movingFile();
  result.file = await attempt('file playing', () => runFile({ ...common, file }));
  return result;
}

/** Issue 51's shop catalogue alone (lib/catalogue.mjs): printed, nothing written. */
async function measureCatalogue(baseUrl, camera, loadStart) {
  const shops = await runCatalogue({ baseUrl, camera, plan, log });
  const loadEnd = load();
  console.log(
    [
      `catalogue: load average (1/5/15 min) ${loadStart.loadAverage.join(', ')} at the start,` +
        ` ${loadEnd.loadAverage.join(', ')} at the end`,
      ...catalogueLines(shops),
    ].join('\n'),
  );
  return shops.some((shop) => shop.error) ? 1 : 0;
}

async function measureVideo(camera, index, baseUrl) {
  const result = {
    camera: { name: camera.name, width: camera.width, height: camera.height, fps: camera.fps },
    errors: [],
  };
  const attempt = attempter(result.errors);
  const common = { baseUrl, camera, plan, log };
  const soakS = index === 0 ? plan.soakS : 0;
  log(`video ${camera.name}`);
  result.worker = await attempt('worker', () => runWorker({ ...common, soakS }));
  const delegate = result.worker?.delegate ?? 'CPU';
  result.baseline = await attempt('baseline', () => runBaseline({ ...common, delegate, soakS: 0 }));
  const list = variants(delegate, LIMITS[mode].variants && index === 0);
  result.modelAlone = await attempt('model alone', () =>
    runModelAlone({ ...common, variants: list }),
  );
  result.targets = checkTargets(result);
  return result;
}

async function main() {
  if (args.against !== undefined)
    return runAgainst({
      ...{ commit: args.against, mode, build: !args['no-build'], keep: !!args['keep-against'] },
      pageOnCpu: !!args['page-on-cpu'],
      ...{ started, stepTimeoutMs: plan.stepTimeoutMs, buildTree: build, log },
      onCleanup: (close) => closers.push(close),
    });
  const loadStart = load();
  if (!args['no-build']) await build();
  const fixtures = await prepareFixtures();
  server = await startServer({ dir: join(PROJECT_ROOT, 'dist-bench'), port: 0 });
  const machine = await describeMachine();
  log(`${machine.cores} cores, Chromium ${machine.chromium}, ${machine.webgl.renderer}`);
  if (args['catalogue-only']) return measureCatalogue(server.url, fixtures.cameras[0], loadStart);
  const videos = [];
  const only = args['motion-only'] || args['try-all-only'];
  const cameras = only ? [] : fixtures.cameras.slice(0, LIMITS[mode].videos);
  for (const [index, camera] of cameras.entries())
    videos.push(await measureVideo(camera, index, server.url));
  const motion = args['try-all-only'] ? null : await measureMotion(server.url);
  const tryAllErrors = [];
  const tryAll = args['motion-only']
    ? null
    : await attempter(tryAllErrors)('try-all', () => runTryAll({ baseUrl: server.url, plan, log }));
  const result = {
    ...runHead({ started, mode, machine, loadStart, fixtures }),
    plan,
    videos,
    motion,
    tryAll,
    tryAllError: tryAllErrors[0]?.message ?? null,
    notes: NOTES,
  };
  const markdown = renderMarkdown(result);
  const resultsDir = join(PROJECT_ROOT, 'bench/results');
  await mkdir(resultsDir, { recursive: true });
  const jsonFile = join(resultsDir, `${result.date}${mode === 'quick' ? '-quick' : ''}.json`);
  await writeFile(jsonFile, `${JSON.stringify(result, null, 2)}\n`);
  // A quick run is a smoke test: it prints its table but leaves RESULTS.md to full runs.
  const fullRun = mode === 'full' && !only;
  if (fullRun) {
    // Formatted as `npm run lint` expects (prettier --check covers bench/).
    const file = join(PROJECT_ROOT, 'bench/RESULTS.md');
    const against = await readAgainstSections(file);
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    await writeFile(file, await prettier.format(markdown, options));
    // Each goes back at the top, the SwiftShader one above.
    for (const section of against.reverse()) await writeAgainstSection(file, section);
  } else console.log(markdown);
  log(`wrote ${jsonFile}${fullRun ? ' and bench/RESULTS.md' : ''}`);
  const errors = [...videos.flatMap((v) => v.errors), ...(motion?.errors ?? []), ...tryAllErrors];
  return errors.length === 0 ? 0 : 1;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch((error) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
