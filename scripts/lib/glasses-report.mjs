// The report of `glasses:check --manifest`: one row per manifest entry, with a status and every
// reason as a code and in English words, written as report.json and report.csv (the same rows).
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { toCsv } from './report-csv.mjs';

/** @typedef {import('./glasses-check.mjs').GlassesCheckResult} GlassesCheckResult */
/** @typedef {'ok' | 'warning' | 'error' | 'refused' | 'missing-file' | 'rejected-entry'} Status */
/**
 * @typedef {{
 *   index: number, serialNo: string, text: string, value: string, status: Status,
 *   codes: string[], reasons: string[], verdict: string | null, frameSize: string | null,
 *   cheekMm: number | null, bytes: number | null, picture: string | null,
 * }} ReportRow `reasons`: the `codes` in English words, one for one; `cheekMm`: the lower rim
 *   against the reference head's cheeks (below 0: into them, 贴脸); `picture`: relative to the
 *   report's folder
 */

/** Worst last: a row's status is the worst of its reasons'. */
export const STATUSES = /** @type {const} */ ([
  'ok',
  'warning',
  'error',
  'refused',
  'missing-file',
  'rejected-entry',
]);
/** The CSV's columns, in order: every field of a row. */
export const COLUMNS = /** @type {const} */ ([
  ...['index', 'serialNo', 'text', 'value', 'status', 'codes', 'reasons'],
  ...['verdict', 'frameSize', 'bytes', 'picture', 'cheekMm'],
]);

/**
 * Adds a reason to the row, which takes its status when that is worse. The words are kept to one
 * line, so that a CSV cell's lines stay one for one with its codes.
 * @param {ReportRow} row @param {Status} status @param {string} code @param {string} words
 */
export function addReason(row, status, code, words) {
  row.codes.push(code);
  row.reasons.push(
    words
      .split(/[\r\n]+/)
      .map((line) => line.trim())
      .join(' '),
  );
  if (STATUSES.indexOf(status) > STATUSES.indexOf(row.status)) row.status = status;
}

/** The validator's reason (`serialNo`, `value: path leaves the asset origin`) as code and words. */
export function rejection(/** @type {string} */ reason) {
  if (reason === 'duplicate value')
    return ['duplicate-value', 'an entry above lists this file with the same material file'];
  if (reason === 'not an object') return ['not-an-object', 'the entry is not an object'];
  const [field = '', ...detail] = reason.split(':');
  const more = detail.join(':').trim();
  return [`invalid-${field.trim()}`, `${field.trim()} is not valid${more ? `: ${more}` : ''}`];
}

/** The fields as the manifest has them, for a row whose entry the app did not accept. */
export function entryRow(/** @type {unknown} */ raw, /** @type {number} */ index) {
  const object = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const field = (/** @type {string} */ key) => {
    const value = object ? /** @type {Record<string, unknown>} */ (raw)[key] : undefined;
    if (value === undefined) return '';
    return typeof value === 'string' || typeof value === 'number'
      ? String(value)
      : JSON.stringify(value);
  };
  const [serialNo, text, value] = ['serialNo', 'text', 'value'].map(field);
  /** @type {ReportRow} */
  const row = { index, serialNo, text, value, status: 'ok', codes: [], reasons: [] };
  const unchecked = { verdict: null, frameSize: null, cheekMm: null, bytes: null, picture: null };
  return Object.assign(row, unchecked);
}

/**
 * What the loader and fit said of the file, on one entry's row.
 * @param {ReportRow} row
 * @param {Pick<GlassesCheckResult, 'error' | 'refused' | 'report' | 'reasons' | 'frameSize' | 'picture'>} result
 * @param {string} reportDir
 */
export function recordCheck(row, result, reportDir) {
  row.verdict = result.report?.verdict ?? (result.refused ? 'refused' : null);
  row.frameSize = result.frameSize;
  row.cheekMm = result.report?.cheekMm ?? null;
  row.picture = result.picture && relative(reportDir, result.picture).split(sep).join('/');
  if (result.error) addReason(row, 'error', 'check-failed', result.error);
  if (result.refused) {
    const { code, message, detail } = result.refused;
    addReason(
      row,
      'refused',
      code,
      detail && code !== 'implausible' ? `${message}: ${detail}` : message,
    );
  }
  // The fit's own warnings and refusals, each with its words (the page's, level first).
  for (const [i, reason] of (result.report?.reasons ?? []).entries()) {
    if (reason.level === 'info') continue;
    addReason(
      row,
      reason.level === 'warn' ? 'warning' : 'refused',
      reason.code,
      result.reasons[i] ?? '',
    );
  }
}

/**
 * Counts the rows by status and writes report.json (the manifest, the counts, the rows) and
 * report.csv (the rows) into `reportDir`.
 * @param {string} reportDir
 * @param {string} manifest
 * @param {ReportRow[]} rows
 * @param {{ overLimit: number, files: number }} counts files: the checks the loader ran
 */
export async function writeReport(reportDir, manifest, rows, counts) {
  /** @type {Record<string, number>} */
  const summary = { entries: rows.length, ...Object.fromEntries(STATUSES.map((s) => [s, 0])) };
  for (const row of rows) summary[row.status] = (summary[row.status] ?? 0) + 1;
  Object.assign(summary, counts);
  await mkdir(reportDir, { recursive: true });
  const report = { manifest: resolve(manifest), summary, entries: rows };
  await writeFile(join(reportDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(reportDir, 'report.csv'), toCsv(COLUMNS, rows));
  return summary;
}

/** One line for the terminal: every status counted, those over the limit among the rejected. */
export function summaryLine(
  /** @type {Record<string, number>} */ summary,
  /** @type {string} */ where,
) {
  const order = ['ok', 'warning', 'refused', 'rejected-entry', 'missing-file', 'error'];
  const counts = order.map((s) => `${summary[s] ?? 0} ${s}`);
  if (summary.overLimit) counts[3] += ` (${summary.overLimit} over the limit)`;
  return `${summary.entries} entries: ${counts.join(', ')}; ${summary.files} files checked; report in ${where}`;
}
