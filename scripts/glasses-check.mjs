// `npm run glasses:check -- model.glb [more.glb ...] [--out dir] [--json] [--fit '{...}']`:
// what the automatic fit decides for each GLB, and a picture of it on the reference head.
// --json prints one JSON object per file and line, for a shop's build to gate on
// (lib/glasses-check-text.mjs); --manifest checks a whole manifest and writes a report
// (lib/glasses-check-manifest.mjs). Exit code: 0 all fitted (warnings printed), 1 some model
// refused (with --manifest: also an entry rejected or its file missing), 2 usage error, 3 the
// check itself failed.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkGlasses, DEFAULT_OUT_DIR } from './lib/glasses-check.mjs';
import {
  checkManifest,
  DEFAULT_REPORT_DIR,
  ManifestError,
  summaryLine,
} from './lib/glasses-check-manifest.mjs';
import { describe, forJson, shortPath } from './lib/glasses-check-text.mjs';

const USAGE = `usage: npm run glasses:check -- model.glb [more.glb ...] [options]
       npm run glasses:check -- --manifest manifest.json [--report DIR] [--jobs N] [--timeout S]
  --out DIR      where the pictures go (default .cache/glasses-check/)
  --json         print the reports as JSON instead of text
  --fit JSON     an operator override for every model, as in the manifest,
                 e.g. '{"up":"+z","front":"-y"}'
  --frame-size S the declared boxing size (manifest frameSize), e.g. 52□18-140
  --timeout S    seconds per model before giving up (default 60)
  --manifest F   check a whole manifest (entries, files, fit) and write report.json and
                 report.csv; entries' paths are relative to the manifest's folder
  --report DIR   where the report and its pictures go (default .cache/glasses-check/report/)
  --jobs N       check pages side by side, one worker each (default 2)`;

/** @typedef {import('./lib/glasses-check.mjs').GlassesCheckResult} GlassesCheckResult */

class UsageError extends Error {}

async function parse() {
  /** @type {ReturnType<typeof parseArgs>} */
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        json: { type: 'boolean' },
        fit: { type: 'string' },
        'frame-size': { type: 'string' },
        timeout: { type: 'string' },
        manifest: { type: 'string' },
        report: { type: 'string' },
        jobs: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals: files } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const seconds = Number(values.timeout ?? 60);
  if (!(seconds > 0)) throw new UsageError(`--timeout must be a number of seconds`);
  const outDir = values.out === undefined ? undefined : resolve(String(values.out));
  if (values.manifest !== undefined) return parseManifestMode(values, files, seconds, outDir);
  if (files.length === 0) throw new UsageError('no GLB file given');
  for (const file of files) {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new UsageError(`${file}: no such file`);
  }
  let fit;
  try {
    fit = values.fit === undefined ? undefined : JSON.parse(String(values.fit));
  } catch {
    throw new UsageError(`--fit is not JSON: ${values.fit}`);
  }
  const frameSize = values['frame-size'] === undefined ? undefined : String(values['frame-size']);
  const timeoutMs = seconds * 1000;
  const out = outDir ?? DEFAULT_OUT_DIR;
  return { files, json: values.json === true, fit, frameSize, timeoutMs, outDir: out };
}

/**
 * A manifest brings its own files, fits and sizes, so options that name those are refused here
 * rather than quietly applied to, or ignored for, every entry.
 * @param {Record<string, string | boolean | undefined>} values
 * @param {string[]} files
 * @param {number} seconds
 * @param {string | undefined} outDir
 */
async function parseManifestMode(values, files, seconds, outDir) {
  const manifest = String(values.manifest);
  if (files.length > 0)
    throw new UsageError('--manifest takes no GLB files: its entries name them');
  for (const name of ['json', 'fit', 'frame-size']) {
    if (values[name] !== undefined) throw new UsageError(`--${name} does not go with --manifest`);
  }
  if (!(await stat(manifest).catch(() => null))?.isFile())
    throw new UsageError(`${manifest}: no such file`);
  const jobs = Number(values.jobs ?? 2);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 8)
    throw new UsageError('--jobs must be a whole number from 1 to 8');
  const reportDir =
    values.report === undefined ? DEFAULT_REPORT_DIR : resolve(String(values.report));
  return { manifest, reportDir, outDir, jobs, timeoutMs: seconds * 1000 };
}

async function main() {
  let args;
  try {
    args = await parse();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`glasses:check: ${error.message}\n${USAGE}`);
    return 2;
  }
  if ('manifest' in args) return manifestMode(args);
  const { files, json, ...options } = args;
  const onResult = json
    ? undefined
    : (/** @type {GlassesCheckResult} */ r) => console.log(`${describe(r)}\n`);
  const results = await checkGlasses(files, { ...options, onResult });
  if (json) for (const result of results) console.log(JSON.stringify(forJson(result)));
  if (results.some((r) => r.error)) return 3;
  return results.some((r) => r.refused) ? 1 : 0;
}

/**
 * Progress on stderr as each file is checked, so stdout holds only the summary line.
 * @param {{ manifest: string, reportDir: string, outDir?: string, jobs: number, timeoutMs: number }} args
 */
async function manifestMode({ manifest, ...options }) {
  try {
    const onProgress = (/** @type {number} */ done, /** @type {number} */ total) =>
      console.error(`checked ${done} / ${total} files`);
    const { rows, summary, failed } = await checkManifest(manifest, { ...options, onProgress });
    console.log(summaryLine(summary, shortPath(options.reportDir)));
    if (failed) return 3;
    return rows.every((row) => row.status === 'ok' || row.status === 'warning') ? 0 : 1;
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    console.error(`glasses:check: ${manifest}: the app would not read it: ${error.message}`);
    return 1;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
    // Server and browser are closed by now; a handle left behind must not hang a CI job.
    setTimeout(() => process.exit(code), 2000).unref();
  },
  (error) => {
    console.error(`glasses:check failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exitCode = 3;
    setTimeout(() => process.exit(3), 2000).unref();
  },
);
