// `npm run glasses:check -- model.glb [more.glb ...] [--out dir] [--json] [--fit '{...}']`:
// what the automatic fit decides for each GLB, and a picture of it on the reference head.
// Exit code: 0 all fitted, 1 some model refused, 2 usage error, 3 the check itself failed.
import { stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkGlasses, DEFAULT_OUT_DIR } from './lib/glasses-check.mjs';

const USAGE = `usage: npm run glasses:check -- model.glb [more.glb ...] [options]
  --out DIR      where the pictures go (default .cache/glasses-check/)
  --json         print the reports as JSON instead of text
  --fit JSON     an operator override for every model, as in the manifest,
                 e.g. '{"up":"+z","front":"-y"}'
  --timeout S    seconds per model before giving up (default 60)`;

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
        timeout: { type: 'string' },
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
  const seconds = Number(values.timeout ?? 60);
  if (!(seconds > 0)) throw new UsageError(`--timeout must be a number of seconds`);
  const outDir = values.out === undefined ? DEFAULT_OUT_DIR : resolve(String(values.out));
  return { files, json: values.json === true, fit, timeoutMs: seconds * 1000, outDir };
}

/** 135584 → "135 584", as the catalogue's operators read sizes. */
const grouped = (/** @type {number} */ n) => String(Math.round(n)).replace(/\B(?=(\d{3})+$)/g, ' ');
const vec = (/** @type {number[]} */ v) => `(${v.map((x) => x.toFixed(1)).join(', ')})`;
const list = (/** @type {string[]} */ items) => (items.length ? items.join(', ') : 'none');
const UNITS = { m: 'metres', cm: 'centimetres', mm: 'millimetres', unknown: 'unknown' };

/** @param {GlassesCheckResult} result */
function describe(result) {
  const { report } = result;
  const size = report ? `, ${grouped(report.triangles)} triangles` : '';
  const lines = [`${result.name}  (${grouped(result.bytes)} bytes${size})`];
  const line = (/** @type {string} */ label, /** @type {string} */ text) =>
    lines.push(`  ${label.padEnd(12)} ${text}`);
  if (result.refused) {
    line('refused', `${result.refused.code} — ${result.refused.message}`);
    if (result.refused.detail) line('detail', result.refused.detail);
  } else if (result.error) {
    line('failed', result.error);
  }
  if (!report) return lines.join('\n');
  const mm = (/** @type {number} */ x) => `${x.toFixed(1)} mm`;
  const dims = `width ${mm(report.widthMm)}, height ${mm(report.heightMm)}, depth ${mm(report.depthMm)}`;
  line('units', `${UNITS[report.unit]} (${dims})`);
  line('axes', `up ${report.up}, front faces ${report.front}`);
  line('bridge', `${vec(report.bridge)} cm on the reference face`);
  line('lenses', `${vec(report.lensCentres[0])} / ${vec(report.lensCentres[1])} cm`);
  line('temples', report.temples === 'back' ? 'back toward the ears' : 'none (a front only)');
  line('symmetry', report.symmetry.toFixed(2));
  line('extensions', list(report.extensions));
  line('ignored', list(report.ignored));
  if (report.overridden.length) line('overridden', list(report.overridden));
  line('warnings', report.warnings[0] ?? 'none');
  for (const warning of report.warnings.slice(1)) line('', warning);
  if (result.picture) line('picture', shortPath(result.picture));
  return lines.join('\n');
}

/** Relative to where the command ran, unless that means climbing out of it. */
function shortPath(/** @type {string} */ path) {
  const near = relative(process.cwd(), path);
  return near.startsWith('..') ? path : near;
}

/** @param {GlassesCheckResult} result */
function forJson({ png: _png, ...rest }) {
  return { ...rest, picture: rest.picture && shortPath(rest.picture) };
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
  const { files, json, ...options } = args;
  const onResult = json
    ? undefined
    : (/** @type {GlassesCheckResult} */ r) => console.log(`${describe(r)}\n`);
  const results = await checkGlasses(files, { ...options, onResult });
  if (json) console.log(JSON.stringify(results.map(forJson), null, 2));
  if (results.some((r) => r.error)) return 3;
  return results.some((r) => r.refused) ? 1 : 0;
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
