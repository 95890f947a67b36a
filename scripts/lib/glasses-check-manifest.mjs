// `glasses:check --manifest`: a shop's whole manifest, read as the app reads it. The app's own
// validator judges each entry (on the check page, where Vite serves the TypeScript), each file is
// checked against the entry's declared size and SHA-256, and each distinct file goes through the
// app's loader and fit once, on as many check pages as there are jobs. Every entry gets a row in
// the report, with a status and its reasons: nothing is left out without a word.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PROJECT_ROOT, readConst } from './constants.mjs';
import { fileInfo } from './files.mjs';
import { openGlassesChecker, pictureNames } from './glasses-check.mjs';
import { addReason, entryRow, recordCheck, rejection, writeReport } from './glasses-report.mjs';
import { GLASSES_MAX_BYTES } from './glasses-limits.mjs';
import { REFUSAL_MESSAGES } from './glasses-refusals.mjs';

export { summaryLine } from './glasses-report.mjs';

/** @typedef {import('../../src/catalogue/manifest').CatalogueEntry} CatalogueEntry */
/** @typedef {import('./glasses-report.mjs').ReportRow} ReportRow */
/**
 * @typedef {{ path: string, bytes: number | null, sha256: string | null, missing?: boolean,
 *   unreadable?: string }} FileState sha256 null: not read (missing, unreadable, over the cap)
 */

export const DEFAULT_REPORT_DIR = join(PROJECT_ROOT, '.cache/glasses-check/report');
const MANIFEST_MAX_BYTES = /** @type {number} */ (readConst('MANIFEST_MAX_BYTES'));

/** A file's row when the loader never saw it (unreadable, or no check page left). */
const NOT_CHECKED = { refused: null, report: null, reasons: [], frameSize: null, picture: null };
const errorText = (/** @type {unknown} */ error) =>
  error instanceof Error ? error.message : String(error);

/** The app would not read the manifest at all, and shows its built-in frames instead. */
export class ManifestError extends Error {}

/** Read as the app's fetchJson reads it: up to its cap, decoded as UTF-8 (a BOM is skipped). */
async function readManifest(/** @type {string} */ path) {
  const { size } = await stat(path);
  if (size > MANIFEST_MAX_BYTES)
    throw new ManifestError(`${size} bytes, over the ${MANIFEST_MAX_BYTES} the app reads`);
  try {
    return /** @type {unknown} */ (JSON.parse(new TextDecoder().decode(await readFile(path))));
  } catch (error) {
    throw new ManifestError(`not JSON (${errorText(error)})`);
  }
}

/** @returns {Promise<FileState>} */
async function inspect(/** @type {string} */ path) {
  const state = { path, bytes: null, sha256: null };
  try {
    const info = await stat(path);
    if (!info.isFile()) return { ...state, missing: true };
    // Over the app's cap: refused before a byte is read, as the app's download stops at it.
    if (info.size > GLASSES_MAX_BYTES) return { ...state, bytes: info.size };
    const read = await fileInfo(path);
    return read ? { ...state, bytes: read.size, sha256: read.sha256 } : { ...state, missing: true };
  } catch (error) {
    const { code, message } = /** @type {NodeJS.ErrnoException} */ (error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ...state, missing: true };
    return { ...state, unreadable: message };
  }
}

/**
 * Every entry's row, as the app's validator (run on the check page) judged it; the accepted ones
 * also paired with the entry as the app keeps it.
 * @param {unknown[]} json
 * @param {import('../../src/catalogue/manifest').ValidationResult} verdict
 */
function judgeEntries(json, verdict) {
  const rows = json.map(entryRow);
  const read = json.length - verdict.overLimit;
  const rejected = new Map(verdict.rejected.map((r) => [r.index, r.reason]));
  /** @type {{ row: ReportRow, entry: CatalogueEntry }[]} */
  const kept = [];
  for (const row of rows) {
    const reason = rejected.get(row.index);
    if (row.index >= read) {
      addReason(
        row,
        'rejected-entry',
        'over-limit',
        `past the first ${read} entries, all the app reads`,
      );
    } else if (reason !== undefined) {
      const [code = '', words] = rejection(reason);
      addReason(row, 'rejected-entry', code, `${words}; the app leaves the entry out`);
    } else {
      const entry = verdict.entries[kept.length];
      // The validator keeps entries in order and names every other one: if that ever changes,
      // the rows would pair up wrongly, so the check stops instead.
      if (!entry) throw new Error('the validator kept fewer entries than it did not reject');
      Object.assign(row, { serialNo: entry.serialNo, text: entry.text, value: entry.value });
      kept.push({ row, entry });
    }
  }
  if (kept.length !== verdict.entries.length)
    throw new Error('the validator kept more entries than the manifest holds');
  return { rows, kept };
}

/**
 * Judges each accepted entry's file (there, declared size and hash) and groups the entries by
 * what the loader and fit would see: the file's bytes with the entry's `fit` and `frameSize`.
 * Entries that share a file (by path, link or content) share one check.
 * @param {{ row: ReportRow, entry: CatalogueEntry }[]} kept
 * @param {string} folder the manifest's, which entries' paths are relative to
 */
async function planChecks(kept, folder) {
  /** @type {Map<string, Promise<FileState>>} */
  const files = new Map();
  /** @type {Map<string, { file: FileState, entry: CatalogueEntry, rows: ReportRow[] }>} */
  const checks = new Map();
  for (const { row, entry } of kept) {
    // The file an entry wears: its `path` where `value` names one colour of a shared GLB
    // (manifest.ts modelPath, which the check page's validator applies).
    const path = resolve(folder, entry.path ?? entry.value);
    if (!files.has(path)) files.set(path, inspect(path));
    const file = /** @type {FileState} */ (await files.get(path));
    row.bytes = file.bytes;
    if (file.missing) addReason(row, 'missing-file', 'missing-file', `no file at ${path}`);
    else if (file.unreadable) addReason(row, 'error', 'unreadable', file.unreadable);
    else if (!file.sha256) addReason(row, 'refused', 'too-large', REFUSAL_MESSAGES['too-large']);
    if (!file.sha256) continue;
    // Each declared one is judged, as the app judges its stored copies (readModel); its download
    // (fetchChecked) refuses the same files.
    const size = `the file is ${file.bytes} bytes, not the ${entry.size} the entry declares`;
    if (entry.size !== undefined && entry.size !== file.bytes)
      addReason(row, 'refused', 'file-size-mismatch', size);
    const hash = `the file's SHA-256 is ${file.sha256}, not the entry's`;
    if (entry.sha256 !== undefined && entry.sha256 !== file.sha256)
      addReason(row, 'refused', 'sha256-mismatch', hash);
    const key = [file.sha256, JSON.stringify(entry.fit ?? null), entry.frameSize].join(' ');
    const check = checks.get(key) ?? { file, entry, rows: [] };
    checks.set(key, check);
    check.rows.push(row);
  }
  return [...checks.values()];
}

/**
 * @param {string} manifestPath a manifest as the app reads it; entries' `value` paths are
 *   relative to its folder, as the app resolves them against its asset origin
 * @param {{ reportDir?: string, outDir?: string, jobs?: number, timeoutMs?: number,
 *   onProgress?: (done: number, total: number) => void }} [options] jobs: check pages side by
 *   side; outDir: the pictures (default: `pictures/` in the report's folder)
 * @returns {Promise<{ rows: ReportRow[], summary: Record<string, number>, failed: boolean }>}
 *   failed: some check itself failed (timeout, crash, unreadable file)
 */
export async function checkManifest(manifestPath, options = {}) {
  const { reportDir = DEFAULT_REPORT_DIR, jobs = 2, timeoutMs, onProgress } = options;
  const json = await readManifest(manifestPath);
  if (Array.isArray(json) && json.length === 0)
    throw new ManifestError('no entries (the app shows its built-in frames without a word)');
  const checker = await openGlassesChecker({ timeoutMs, pages: jobs });
  try {
    const verdict = await checker.validate(json);
    const whole = verdict.rejected.find((r) => r.index < 0);
    if (whole || !Array.isArray(json)) throw new ManifestError(whole?.reason ?? 'not an array');
    const { rows, kept } = judgeEntries(json, verdict);
    const list = await planChecks(kept, dirname(resolve(manifestPath)));
    const names = pictureNames(list.map((c) => c.entry.path ?? c.entry.value));
    const outDir = options.outDir ?? join(reportDir, 'pictures');
    let next = 0;
    let done = 0;
    let failed = rows.some((row) => row.status === 'error');
    /** Each page takes the next file as soon as it is free, so a slow file holds up one page. */
    const lane = async (/** @type {import('./glasses-check-page.mjs').CheckModel} */ check) => {
      for (let i = next++; i < list.length; i = next++) {
        const { file, entry, rows: sharing } = /** @type {(typeof list)[number]} */ (list[i]);
        const { fit, frameSize } = entry;
        const settings = { outDir, fit, frameSize, pictureName: names[i] };
        // A page that cannot even be reopened fails this file, not the whole report.
        const result = await readFile(file.path)
          .then((bytes) => check({ name: entry.path ?? entry.value, bytes }, settings))
          .catch((error) => ({ ...NOT_CHECKED, error: errorText(error) }));
        failed ||= result.error !== null;
        for (const row of sharing) recordCheck(row, result, reportDir);
        onProgress?.(++done, list.length);
      }
    };
    onProgress?.(0, list.length);
    await Promise.all(checker.lanes.map(lane));

    const counts = { overLimit: verdict.overLimit, files: list.length };
    const summary = await writeReport(reportDir, manifestPath, rows, counts);
    return { rows, summary, failed };
  } finally {
    await checker.close();
  }
}
