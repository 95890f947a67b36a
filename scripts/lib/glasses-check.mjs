// The harness behind `npm run glasses:check`: Vite's dev server (the project's config, so its
// defines exist) serves scripts/glasses-check/, Debian's Chromium runs the app's own loader and
// renderer in a worker per check page, and every model of a run goes through those pages.
import { readFile } from 'node:fs/promises';
import { launchChromium } from '../../tests/e2e/browser.mjs';
import { startDevServer } from './dev-server.mjs';
import { DEFAULT_OUT_DIR, MODEL_PATH, openCheckPage, pictureNames } from './glasses-check-page.mjs';

export { REFUSAL_MESSAGES } from './glasses-refusals.mjs';
export { DEFAULT_OUT_DIR, pictureNames };

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

export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Starts the server, the browser and `pages` check pages once. Each page has its own worker, so
 * two pages keep both cores busy. `check` runs models one at a time on the first page; `lanes`
 * holds one `check` per page, for callers that run models side by side; `validate` runs the app's
 * own manifest validator on the first page. Always `close()` it (also after a failure).
 * @param {{ timeoutMs?: number, pages?: number }} [options]
 */
export async function openGlassesChecker({ timeoutMs = DEFAULT_TIMEOUT_MS, pages = 1 } = {}) {
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
    let count = 0;
    const lane = () =>
      openCheckPage({
        context,
        origin,
        models,
        nextId: () => String(++count),
        timeoutMs,
        // The first page load has Vite transform three.js and the worker: not a model's budget.
        startMs: Math.max(timeoutMs, DEFAULT_TIMEOUT_MS),
      });
    const first = await lane();
    // The others open once Vite has transformed everything for the first, not all at once.
    const others = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, lane));
    const lanes = [first.check, ...others.map((page) => page.check)];
    return { check: first.check, lanes, validate: first.validate, close };
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
