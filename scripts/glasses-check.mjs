// `npm run glasses:check -- model.glb [more.glb ...] [--out dir] [--json] [--fit '{...}']`:
// what the automatic fit decides for each GLB, and a picture of it on the reference head.
// --json prints one JSON object per file and line (forJson below), for a shop's build to gate on.
// Exit code: 0 all fitted (warnings printed), 1 some model refused, 2 usage error, 3 the check
// itself failed.
import { stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkGlasses, DEFAULT_OUT_DIR } from './lib/glasses-check.mjs';

const USAGE = `usage: npm run glasses:check -- model.glb [more.glb ...] [options]
  --out DIR      where the pictures go (default .cache/glasses-check/)
  --json         print the reports as JSON instead of text
  --fit JSON     an operator override for every model, as in the manifest,
                 e.g. '{"up":"+z","front":"-y"}'
  --frame-size S the declared boxing size (manifest frameSize), e.g. 52□18-140
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
        'frame-size': { type: 'string' },
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
  const frameSize = values['frame-size'] === undefined ? undefined : String(values['frame-size']);
  return { files, json: values.json === true, fit, frameSize, timeoutMs: seconds * 1000, outDir };
}

/** 135584 → "135 584", as the catalogue's operators read sizes. */
const grouped = (/** @type {number} */ n) =>
  Math.round(n).toLocaleString('en-US').replace(/,/g, ' ');
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
  const from = report.frameSize.fromLenses
    ? 'from the lenses'
    : 'from the rims, lens a few mm wide';
  line('frame size', `${result.frameSize} (lens□bridge-temple mm, ${from})`);
  line('verdict', `${report.verdict}, confidence ${report.confidence.toFixed(2)}`);
  line('reasons', result.reasons[0] ?? 'none');
  for (const reason of result.reasons.slice(1)) line('', reason);
  if (result.picture) line('picture', shortPath(result.picture));
  return lines.join('\n');
}

/** Relative to where the command ran, unless that means climbing out of it. */
function shortPath(/** @type {string} */ path) {
  const near = relative(process.cwd(), path);
  return near.startsWith('..') ? path : near;
}

/**
 * A stable shape for a shop's build: verdict first, then what a shop checks (size, unit, temples), the
 * reasons in words, and the reasons as codes for a build script.
 * @param {GlassesCheckResult} result
 */
function forJson(result) {
  const { report } = result;
  const verdict = result.error ? 'error' : result.refused ? 'refused' : report?.verdict;
  return {
    file: shortPath(result.name),
    verdict,
    ...(result.refused
      ? { refused: { code: result.refused.code, reason: result.refused.message } }
      : {}),
    ...(result.error ? { error: result.error } : {}),
    ...(report
      ? {
          confidence: report.confidence,
          unit: report.unit,
          widthMm: Math.round(report.widthMm * 10) / 10,
          heightMm: Math.round(report.heightMm * 10) / 10,
          frameSize: result.frameSize,
          frameSizeFrom: report.frameSize.fromLenses ? 'lenses' : 'rims',
          temples: report.temples,
          symmetry: report.symmetry,
          bridge: report.bridge,
          extensions: report.extensions,
          warnings: result.reasons,
          reasons: report.reasons,
          ignored: report.ignored,
        }
      : {}),
    picture: result.picture && shortPath(result.picture),
  };
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
  if (json) for (const result of results) console.log(JSON.stringify(forJson(result)));
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
