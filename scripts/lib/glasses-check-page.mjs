// One check page of `glasses:check` and its worker: models go in one at a time, each under its
// deadline, and a page that a model hung or crashed is replaced by a fresh one, so the next model
// does not inherit it. The harness (glasses-check.mjs) opens one or more of these in one Chromium.
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { PROJECT_ROOT } from './constants.mjs';
import { refusal } from './glasses-refusals.mjs';

/** @typedef {import('./glasses-check.mjs').GlassesCheckResult} GlassesCheckResult */
/** @typedef {import('../../src/shared/glasses-types').FitOverride} FitOverride */
/** @typedef {import('../../src/catalogue/manifest').ValidationResult} ValidationResult */
/**
 * @typedef {(
 *   model: { name: string, bytes: Uint8Array },
 *   options?: { outDir?: string | null, fit?: FitOverride, frameSize?: string, pictureName?: string },
 * ) => Promise<GlassesCheckResult>} CheckModel
 */

export const DEFAULT_OUT_DIR = join(PROJECT_ROOT, '.cache/glasses-check');
const PAGE_PATH = '/scripts/glasses-check/index.html';
export const MODEL_PATH = '/__glasses-check/model/';

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
export function withTimeout(promise, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, timeout])).finally(() =>
    clearTimeout(timer),
  );
}

/**
 * Opens a page and waits for its worker. `models` is the harness's table the route answers model
 * URLs from; `nextId` names each model's URL uniquely across all pages of the context.
 * @param {{
 *   context: import('playwright-core').BrowserContext,
 *   origin: string,
 *   models: Map<string, Buffer>,
 *   nextId: () => string,
 *   timeoutMs: number,
 *   startMs: number,
 * }} options startMs: the deadline to open a page (the first has Vite transform three.js)
 * @returns {Promise<{ check: CheckModel, validate: (json: unknown) => Promise<ValidationResult> }>}
 */
export async function openCheckPage({ context, origin, models, nextId, timeoutMs, startMs }) {
  /** The page's and worker's errors, quoted when a check fails. */
  /** @type {string[]} */
  const logged = [];
  const openPage = async () => {
    const page = await context.newPage();
    page.on('pageerror', (error) => logged.push(error.message));
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    // Playwright's own 30 s would cut startMs short (a niced run beside browser suites).
    await page.goto(`${origin}${PAGE_PATH}`, { timeout: startMs });
    await page.waitForFunction(() => window.glassesCheck !== undefined, null, {
      timeout: startMs,
    });
    const problem = await page.evaluate(() => window.glassesCheck?.ready);
    if (problem) throw new Error(`the check page could not start: ${problem}`);
    return page;
  };
  let page = await withTimeout(openPage(), startMs, 'starting the check page');

  /** @type {CheckModel} */
  const check = async (model, { outDir = DEFAULT_OUT_DIR, fit, frameSize, pictureName } = {}) => {
    const id = nextId();
    models.set(id, Buffer.from(model.bytes.buffer, model.bytes.byteOffset, model.bytes.length));
    /** @type {GlassesCheckResult} */
    const result = {
      name: model.name,
      bytes: model.bytes.length,
      report: null,
      reasons: [],
      frameSize: null,
      png: null,
      picture: null,
      refused: null,
      error: null,
    };
    logged.length = 0;
    try {
      const args = { url: `${MODEL_PATH}${id}`, title: basename(model.name), fit, frameSize };
      const reply = await withTimeout(
        page.evaluate((a) => window.glassesCheck?.check(a.url, a.title, a.fit, a.frameSize), args),
        timeoutMs,
        `checking ${model.name}`,
      );
      if (!reply) throw new Error('the check page went away');
      if (reply.ok) {
        result.report = reply.report;
        result.reasons = reply.reasons;
        result.frameSize = reply.frameSize;
        result.png = Buffer.from(reply.png, 'base64');
        if (reply.report.verdict === 'refused') {
          const codes = reply.report.reasons.filter((r) => r.level === 'refuse');
          result.refused = refusal('GlassesError', `implausible: ${codes.map((r) => r.code)}`);
        }
      } else {
        result.refused = refusal(reply.name, reply.message);
        if (!result.refused) result.error = `${reply.name}: ${reply.message}`;
      }
    } catch (error) {
      const quoted = logged.length ? ` (page: ${logged.slice(-3).join(' | ')})` : '';
      result.error = `${error instanceof Error ? error.message : String(error)}${quoted}`;
      await page.close().catch(() => {});
      page = await withTimeout(openPage(), startMs, 'restarting the check page');
    } finally {
      models.delete(id);
    }
    if (result.png && outDir) {
      await mkdir(outDir, { recursive: true });
      result.picture = join(outDir, pictureName ?? pictureNames([model.name])[0] ?? `${id}.png`);
      await writeFile(result.picture, result.png);
    }
    return result;
  };

  /** The app's own validateManifest, run on this page (it is TypeScript, and Vite serves it). */
  const validate = async (/** @type {unknown} */ json) => {
    const what = 'validating the manifest';
    const run = page.evaluate((j) => window.glassesCheck?.validate(j), json);
    const result = await withTimeout(run, timeoutMs, what);
    if (!result) throw new Error(`${what}: the check page went away`);
    return result;
  };
  return { check, validate };
}

/** `002.png` for `models/002.glb`; `002-2.png` for a second `002.glb` from another folder. */
export function pictureNames(/** @type {string[]} */ names) {
  const taken = new Set();
  return names.map((name) => {
    const stem = basename(name, extname(name)) || 'model';
    let picture = `${stem}.png`;
    for (let n = 2; taken.has(picture); n++) picture = `${stem}-${n}.png`;
    taken.add(picture);
    return picture;
  });
}
