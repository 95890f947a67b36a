// The harness behind `npm run glasses:check`: Vite's dev server (the project's config, so its
// defines exist) serves scripts/glasses-check/, Debian's Chromium runs the app's own loader and
// renderer in one worker, and every model of a run goes through that one page.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { launchChromium } from '../../tests/e2e/browser.mjs';
import { PROJECT_ROOT } from './constants.mjs';
import { startDevServer } from './dev-server.mjs';
import { refusal } from './glasses-refusals.mjs';

export { REFUSAL_MESSAGES } from './glasses-refusals.mjs';

/** @typedef {import('../../src/shared/glasses-types').GlassesReport} GlassesReport */
/** @typedef {import('../../src/shared/glasses-types').FitOverride} FitOverride */
/**
 * @typedef {{
 *   name: string,
 *   bytes: number,
 *   report: GlassesReport | null,
 *   reasons: string[],
 *   frameSize: string | null,
 *   png: Buffer | null,
 *   picture: string | null,
 *   refused: { code: string, message: string, detail: string } | null,
 *   error: string | null,
 * }} GlassesCheckResult
 *   `refused`: the app would refuse the model (the code is a GlassesErrorCode), also when the fit
 *   itself was judged implausible (`implausible`, the report kept). `error`: the check itself
 *   failed (timeout, crash, missing assets). `reasons`: the fit's reasons in English words.
 */

export const DEFAULT_OUT_DIR = join(PROJECT_ROOT, '.cache/glasses-check');
export const DEFAULT_TIMEOUT_MS = 60_000;
const PAGE_PATH = '/scripts/glasses-check/index.html';
const MODEL_PATH = '/__glasses-check/model/';

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, what) {
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
 * Starts the server, the browser and the page once; `check` then runs models one at a time.
 * Always `close()` it (also after a failure).
 * @param {{ timeoutMs?: number }} [options]
 */
export async function openGlassesChecker({ timeoutMs = DEFAULT_TIMEOUT_MS } = {}) {
  /** @type {{ origin: string, close: () => Promise<void> } | null} */
  let server = null;
  /** @type {import('playwright-core').Browser | null} */
  let browser = null;
  const close = async () => {
    await browser?.close().catch(() => {});
    await server?.close().catch(() => {});
  };
  try {
    server = await startDevServer('.vite-glasses-check');
    const { origin } = server;
    browser = await launchChromium();
    const context = await browser.newContext();
    /** @type {Map<string, Buffer>} */
    const models = new Map();
    await context.route(`${origin}${MODEL_PATH}*`, (route) => {
      const body = models.get(new URL(route.request().url()).pathname.slice(MODEL_PATH.length));
      return body
        ? route.fulfill({ status: 200, body, contentType: 'model/gltf-binary' })
        : route.fulfill({ status: 404 });
    });
    /** The page's and worker's errors, quoted when a check fails. */
    /** @type {string[]} */
    const logged = [];
    /** A fresh page (and worker), also after a model hung or crashed the last one. */
    const openPage = async () => {
      const page = await context.newPage();
      page.on('pageerror', (error) => logged.push(error.message));
      page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
      await page.goto(`${origin}${PAGE_PATH}`);
      await page.waitForFunction(() => window.glassesCheck !== undefined);
      const problem = await page.evaluate(() => window.glassesCheck?.ready);
      if (problem) throw new Error(`the check page could not start: ${problem}`);
      return page;
    };
    // The first page load has Vite transform three.js and the worker: not a model's budget.
    const startMs = Math.max(timeoutMs, DEFAULT_TIMEOUT_MS);
    let page = await withTimeout(openPage(), startMs, 'starting the check page');
    let count = 0;

    /**
     * @param {{ name: string, bytes: Uint8Array }} model
     * @param {{ outDir?: string | null, fit?: FitOverride, frameSize?: string, pictureName?: string }} [options]
     * @returns {Promise<GlassesCheckResult>}
     */
    const check = async (model, { outDir = DEFAULT_OUT_DIR, fit, frameSize, pictureName } = {}) => {
      const id = String(++count);
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
          page.evaluate(
            (a) => window.glassesCheck?.check(a.url, a.title, a.fit, a.frameSize),
            args,
          ),
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
    return { check, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Checks every model in one browser session. Files are read first, so a missing one fails before
 * anything starts. Pictures go to `outDir` (null: none written, `png` still returned).
 * @param {Array<string | { name: string, bytes: Uint8Array }>} files
 * @param {{
 *   outDir?: string | null,
 *   fit?: FitOverride,
 *   frameSize?: string,
 *   timeoutMs?: number,
 *   onResult?: (result: GlassesCheckResult) => void,
 * }} [options] onResult: called as each model finishes (the CLI prints as it goes)
 * @returns {Promise<GlassesCheckResult[]>}
 */
export async function checkGlasses(files, options = {}) {
  const { outDir = DEFAULT_OUT_DIR, fit, frameSize, timeoutMs, onResult } = options;
  const models = await Promise.all(
    files.map(async (file) =>
      typeof file === 'string' ? { name: file, bytes: await readFile(file) } : file,
    ),
  );
  const names = pictureNames(models.map((m) => m.name));
  const checker = await openGlassesChecker({ timeoutMs });
  try {
    /** @type {GlassesCheckResult[]} */
    const results = [];
    for (const [i, model] of models.entries()) {
      const result = await checker.check(model, { outDir, fit, frameSize, pictureName: names[i] });
      results.push(result);
      onResult?.(result);
    }
    return results;
  } finally {
    await checker.close();
  }
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
