// Firefox ESR through puppeteer-core over WebDriver BiDi. Needs a display (xvfb-run): headless
// Firefox has no WebGL on these machines, with one Mesa llvmpipe does it in software.
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import {
  clickableInPage,
  grabPicture,
  hookedConsoleInPage,
  parseTarget,
  pollUntil,
  waitInPage,
} from './session-common.mjs';

/** Debian's package; overridable for machines that keep Firefox elsewhere. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export const firefoxAvailable = () => existsSync(FIREFOX_PATH);

/**
 * A fresh profile (first visit: no stored files, no service worker) with the fake camera, which
 * shows a synthetic pattern (no face), and no permission prompt.
 * @param {import('./engine-session').LaunchOptions} [options]
 * @returns {Promise<import('./engine-session').EngineSession>}
 */
export async function launchFirefox({ viewport = { width: 430, height: 900 } } = {}) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: false,
    extraPrefsFirefox: {
      'media.navigator.streams.fake': true,
      'media.navigator.permission.disabled': true,
      // The app speaks English only to browsers that ask for it first; the checks read Chinese.
      'intl.accept_languages': 'zh-CN, zh',
      // No "Firefox is being remote controlled" prompts or update checks in the way.
      'app.update.disabledForTesting': true,
      'browser.shell.checkDefaultBrowser': false,
    },
  });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    /** @type {import('puppeteer-core').Page | null} the tab that hides the app's (hideTab) */
    let other = null;
    await page.setViewport(viewport);
    /** @param {string} target */
    const handle = async (target) => {
      const { kind, value } = parseTarget(target);
      const found = await page.$(kind === 'css' ? value : `::-p-xpath(${value})`);
      if (!found) throw new Error(`no element for ${target}`);
      return found;
    };
    /** @type {(fn: Function, ...args: unknown[]) => Promise<any>} */
    const evaluate = (fn, ...args) =>
      page.evaluate(/** @type {(...a: unknown[]) => unknown} */ (fn), ...args);
    return {
      name: 'firefox',
      version: await browser.version(),
      async goto(url) {
        await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
      },
      url: async () => page.url(),
      evaluate,
      async click(target, timeoutMs = 60_000) {
        const { kind, value } = parseTarget(target);
        await pollUntil(() => evaluate(clickableInPage, kind, value), timeoutMs, target);
        await (await handle(target)).click();
      },
      async setFiles(selector, path) {
        const input = /** @type {import('puppeteer-core').ElementHandle<HTMLInputElement>} */ (
          await handle(selector)
        );
        await input.uploadFile(path);
      },
      waitFor: (predicate, options) => waitInPage(evaluate, predicate, options),
      async screenshot(path) {
        await page.screenshot({ path: /** @type {`${string}.png`} */ (path) });
      },
      async shootPicture() {
        const [shot] = await grabPicture(evaluate, 0);
        if (!shot) throw new Error('no picture grabbed');
        return shot;
      },
      grabPicture: (ms, fps) => grabPicture(evaluate, ms, fps),
      consoleMessages: () => evaluate(hookedConsoleInPage),
      async hideTab() {
        other ??= await browser.newPage();
        await other.bringToFront();
      },
      async showTab() {
        await other?.close();
        other = null;
        await page.bringToFront();
      },
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
