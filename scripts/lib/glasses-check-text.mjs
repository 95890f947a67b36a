// How `glasses:check` prints one model's result: the text a person reads, or the JSON object a
// shop's build gates on.
import { relative } from 'node:path';

/** @typedef {import('./glasses-check.mjs').GlassesCheckResult} GlassesCheckResult */

/** 135584 → "135 584", as the catalogue's operators read sizes. */
const grouped = (/** @type {number} */ n) =>
  Math.round(n).toLocaleString('en-US').replace(/,/g, ' ');
const vec = (/** @type {number[]} */ v) => `(${v.map((x) => x.toFixed(1)).join(', ')})`;
const list = (/** @type {string[]} */ items) => (items.length ? items.join(', ') : 'none');
const UNITS = { m: 'metres', cm: 'centimetres', mm: 'millimetres', unknown: 'unknown' };

/** @param {GlassesCheckResult} result */
export function describe(result) {
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
  if (typeof report.cheekMm === 'number') line('cheeks', cheekWords(report.cheekMm));
  line('verdict', `${report.verdict}, confidence ${report.confidence.toFixed(2)}`);
  line('reasons', result.reasons[0] ?? 'none');
  for (const reason of result.reasons.slice(1)) line('', reason);
  if (result.picture) line('picture', shortPath(result.picture));
  return lines.join('\n');
}

/** Relative to where the command ran, unless that means climbing out of it. */
export function shortPath(/** @type {string} */ path) {
  const near = relative(process.cwd(), path);
  return near.startsWith('..') ? path : near;
}

/**
 * A stable shape for a shop's build: verdict first, then what a shop checks (size, unit, temples), the
 * reasons in words, and the reasons as codes for a build script.
 * @param {GlassesCheckResult} result
 */
export function forJson(result) {
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
          cheekMm: report.cheekMm ?? null,
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

/** The lower rim against the reference head's cheeks (the page words the verdict: 贴脸). */
function cheekWords(/** @type {number} */ mm) {
  return mm < 0
    ? `the lower rim reaches ${(-mm).toFixed(1)} mm into the reference head's cheeks`
    : `the lower rim clears the reference head's cheeks by ${mm.toFixed(1)} mm`;
}
