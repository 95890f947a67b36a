// Builds for the bench: this project's dist-bench/, and (issue 48, `--against <commit>`) the app as
// built at another commit, in a git worktree beside the project (../bench-against-<sha>, so that
// its scripts find ../shared/assets as the project's do), with the project's node_modules linked.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, symlink, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../scripts/lib/constants.mjs';

/** @param {string[]} args @param {string} [cwd] */
const git = (args, cwd = PROJECT_ROOT) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** @param {string[]} args @param {string} cwd @returns {string | null} */
const gitOrNull = (args, cwd) => {
  try {
    return git(args, cwd);
  } catch {
    return null;
  }
};

/**
 * @param {string} command @param {string[]} args
 * @param {{ cwd: string, env?: Record<string, string> }} options
 */
function run(command, args, { cwd, env = {} }) {
  return new Promise((done, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? done(undefined)
        : reject(new Error(`${command} ${args.join(' ')} (in ${cwd}): exit ${code}`)),
    );
  });
}

/**
 * The app plus the bench pages into `<root>/dist-bench/` (vite.config.ts, VITE_BENCH=1), after
 * the root's own asset setup (wasm, model, catalogue).
 * @param {string} root
 */
export async function buildBench(root) {
  await run(process.execPath, ['scripts/setup-assets.mjs'], { cwd: root });
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  await run(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    env: { VITE_BENCH: '1' },
  });
}

/**
 * @typedef {{ sha: string, short: string, subject: string, dir: string, dist: string,
 *   reused: boolean, lockDiffers: boolean, missing: string[] }} Against
 */

/** Pages the comparison opens, as files of dist-bench/ (the app's routes fall back to index.html). */
const PAGES = ['index.html'];

/**
 * Checks out `commit` into ../bench-against-<sha> (or reuses that worktree if it is already at the
 * commit), links node_modules, and builds its dist-bench/ (unless `build` is false and one is there).
 * @param {string} commit @param {{ build: boolean, log: (line: string) => void }} options
 * @returns {Promise<Against>}
 */
export async function prepareAgainst(commit, { build, log }) {
  const sha = gitOrNull(['rev-parse', '--verify', '--quiet', `${commit}^{commit}`], PROJECT_ROOT);
  if (!sha) throw new Error(`--against ${commit}: not a commit of this repository`);
  const short = git(['rev-parse', '--short', sha]);
  const subject = git(['log', '-1', '--format=%s', sha]);
  const dir = resolve(PROJECT_ROOT, '..', `bench-against-${sha.slice(0, 12)}`);
  let reused = false;
  if (existsSync(dir)) {
    const top = gitOrNull(['rev-parse', '--show-toplevel'], dir);
    const head = gitOrNull(['rev-parse', 'HEAD'], dir);
    if (top === null || resolve(top) !== dir || head !== sha)
      throw new Error(`${dir} exists but is not a worktree at ${short}: remove it first`);
    reused = true;
    log(`against ${short}: reusing the worktree ${dir}`);
  } else {
    log(`against ${short}: git worktree add ${dir}`);
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', '--quiet', dir, sha]);
  }
  const modules = join(dir, 'node_modules');
  if (!(await lstat(modules).catch(() => null)))
    await symlink(join(PROJECT_ROOT, 'node_modules'), modules, 'dir');
  // The working tree's lock (what node_modules was installed from) against the commit's.
  const diff = spawnSync('git', ['diff', '--quiet', sha, '--', 'package-lock.json'], {
    cwd: PROJECT_ROOT,
  });
  const lockDiffers = diff.status !== 0;
  if (lockDiffers) log(`against ${short}: WARNING package-lock.json differs from the work tree's`);
  const dist = join(dir, 'dist-bench');
  if (build || !existsSync(join(dist, 'index.html'))) {
    log(`against ${short}: build (setup-assets, VITE_BENCH=1 vite build)`);
    await buildBench(dir);
  }
  const missing = PAGES.filter((page) => !existsSync(join(dist, page)));
  return { sha, short, subject, dir, dist, reused, lockDiffers, missing };
}

/**
 * Removes the worktree this run added (a reused one is left as found; run.mjs does not call this
 * under --keep-against). The node_modules link goes first, so nothing can follow it into the project's packages.
 * @param {Against} against @param {(line: string) => void} log
 */
export async function removeAgainst(against, log) {
  if (against.reused) return;
  const modules = join(against.dir, 'node_modules');
  const info = await lstat(modules).catch(() => null);
  if (info?.isSymbolicLink()) await unlink(modules);
  try {
    git(['worktree', 'remove', '--force', against.dir]);
    log(`against ${against.short}: removed the worktree ${against.dir}`);
  } catch (error) {
    log(`against ${against.short}: could not remove ${against.dir}: ${error}`);
  }
}

/** The working tree's commit and how many files differ from it (the "A" of a comparison). */
export function describeTree() {
  const sha = git(['rev-parse', 'HEAD']);
  const changed = git(['status', '--porcelain']).split('\n').filter(Boolean).length;
  return { sha, short: git(['rev-parse', '--short', sha]), uncommittedFiles: changed };
}
