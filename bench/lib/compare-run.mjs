// `npm run bench -- --against <commit>` (issue 48): builds this tree's app and the commit's, serves
// both, measures them in turns (lib/compare.mjs), writes bench/results/<date>-against-<sha>.json
// and RESULTS.md's "Against" section (a quick run prints it instead, as quick runs do).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../scripts/lib/constants.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { prepareFixtures } from '../../tests/e2e/fixtures.mjs';
import { AGAINST_PLANS, compareApps } from './compare.mjs';
import { describeTree, prepareAgainst, removeAgainst } from './compare-build.mjs';
import { againstSection, writeAgainstSection } from './compare-report.mjs';
import { describeMachine, load, runHead } from './machine.mjs';

/**
 * @param {{ commit: string, mode: 'quick' | 'full', build: boolean, keep: boolean, pageOnCpu: boolean,
 *   started: number, stepTimeoutMs: number, buildTree: () => Promise<void>,
 *   onCleanup: (close: () => Promise<void>) => void, log: (line: string) => void }} options
 *   build: false reuses dist-bench/ (and the worktree's, if it has one); keep: leaves the
 *   worktree for the next run; pageOnCpu: pages composited on the CPU; onCleanup: registers what run.mjs closes on exit or failure.
 * @returns {Promise<number>} the exit code: 0 when every turn was measured
 */
export async function runAgainst(options) {
  const { commit, mode, build, keep, started, log, onCleanup } = options;
  const plan = {
    ...AGAINST_PLANS[mode],
    stepTimeoutMs: options.stepTimeoutMs,
    pageOnCpu: options.pageOnCpu,
  };
  const loadStart = load();
  if (build) await options.buildTree();
  const tree = describeTree();
  const against = await prepareAgainst(commit, { build, log });
  if (!keep) onCleanup(() => removeAgainst(against, log));
  // The comparison opens the app's page only: without it in B there is nothing to compare.
  if (against.missing.length)
    throw new Error(`${against.short}'s dist-bench lacks ${against.missing.join(', ')}`);
  const fixtures = await prepareFixtures();
  const serverA = await startServer({ dir: join(PROJECT_ROOT, 'dist-bench'), port: 0 });
  onCleanup(() => serverA.close());
  const serverB = await startServer({ dir: against.dist, port: 0 });
  onCleanup(() => serverB.close());
  const machine = await describeMachine();
  log(`${machine.cores} cores, Chromium ${machine.chromium}, ${machine.webgl.renderer}`);
  log(`against: A ${tree.short} at ${serverA.url}, B ${against.short} at ${serverB.url}`);
  const apps = [
    { key: 'A', url: serverA.url, short: tree.short },
    { key: 'B', url: serverB.url, short: against.short },
  ];
  const videos = await compareApps({
    apps,
    cameras: fixtures.cameras.slice(0, plan.videos),
    plan,
    log,
    // Room to write the results before run.mjs's own deadline ends the run.
    deadlineAt: started + plan.deadlineS * 1000 - 30_000,
  });
  const { sha, short, subject, lockDiffers, reused } = against;
  const result = {
    ...runHead({ started, mode, machine, loadStart, fixtures }),
    plan: { ...plan, videos: videos.length },
    a: tree,
    b: { sha, short, subject, lockDiffers, worktreeReused: reused },
    videos,
  };
  const resultsDir = join(PROJECT_ROOT, 'bench/results');
  await mkdir(resultsDir, { recursive: true });
  const name = `${result.date}-against-${short}${mode === 'quick' ? '-quick' : ''}.json`;
  await writeFile(join(resultsDir, name), `${JSON.stringify(result, null, 2)}\n`);
  const section = againstSection(result);
  if (mode === 'full') await writeAgainstSection(join(PROJECT_ROOT, 'bench/RESULTS.md'), section);
  else console.log(section.slice(1, -1).join('\n'));
  log(`wrote bench/results/${name}${mode === 'full' ? ' and RESULTS.md’s Against section' : ''}`);
  return videos.every((v) => v.turns.every((t) => !t.error)) ? 0 : 1;
}
