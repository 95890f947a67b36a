// WebKitGTK's MiniBrowser through WebKitWebDriver and selenium-webdriver (classic WebDriver: this
// driver has no BiDi, so no preload scripts or console events; page-hooks.ts covers both).
// Needs a display (xvfb-run) for WebGL.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { Builder, By } from 'selenium-webdriver';
import {
  clickableInPage,
  grabPicture,
  hookedConsoleInPage,
  parseTarget,
  pollUntil,
  waitInPage,
} from './session-common.mjs';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER =
  process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export const webkitAvailable = () => existsSync(WEBKIT_DRIVER) && existsSync(MINIBROWSER);

/**
 * MiniBrowser switches (`MiniBrowser --help-all`). Automation mode always uses an ephemeral
 * (in-memory) website data store; no switch gives it a data directory.
 */
const BROWSER_ARGS = [
  '--automation',
  // Mock camera "Mock video device 1" (a moving test pattern), granted without a prompt.
  '--enable-mock-capture-devices=true',
  '--enable-media-stream=true',
  '--enable-webgl=true',
  '--autoplay-policy=allow',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Starts WebKitWebDriver and waits until it answers /status. */
async function startDriver() {
  const port = await freePort();
  // MiniBrowser inherits this environment; WebKitGTK takes navigator.languages from LANGUAGE, and
  // the app speaks English to a browser that asks for English first (the checks read Chinese).
  // Accelerated compositing off: under Xvfb on Mesa's llvmpipe, WebKitGTK's compositor put the
  // page's WebGL canvas on the X window 0.3–0.5 times a second while the page drew it 3–4 times
  // (the app's own recording of that canvas held no picture over 0.7 s); painted without it, the
  // X window shows 13.9–16.4 of the file's 25 frames a second (engines (c), read 30 times a
  // second; the longest picture 0.13–0.20 s). A phone's
  // WebKit composites on its GPU, which this machine cannot stand in for.
  const env = { ...process.env, LANGUAGE: 'zh_CN:zh', WEBKIT_DISABLE_COMPOSITING_MODE: '1' };
  const child = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await pollUntil(async () => (await fetch(`${url}/status`)).ok, 10_000, 'WebKitWebDriver');
  } catch (error) {
    child.kill();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n${stderr}`, { cause: error });
  }
  return { url, child, stderr: () => stderr };
}

/**
 * @param {import('./engine-session').LaunchOptions} [options]
 * @returns {Promise<import('./engine-session').EngineSession>}
 */
export async function launchWebKit({ viewport = { width: 430, height: 900 } } = {}) {
  const driverProcess = await startDriver();
  /** @type {import('selenium-webdriver').WebDriver | undefined} */
  let driver;
  const close = async () => {
    await driver?.quit().catch(() => {});
    driverProcess.child.kill();
  };
  try {
    driver = await new Builder()
      .usingServer(driverProcess.url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: BROWSER_ARGS },
      })
      .build();
    const wd = driver;
    // Long page functions (a capture, a recording read back) must not hit the 30 s default.
    await wd.manage().setTimeouts({ script: 120_000, pageLoad: 120_000 });
    await wd.manage().window().setRect({ width: viewport.width, height: viewport.height });
    const capabilities = await wd.getCapabilities();
    /** @param {string} target */
    const find = (target) => {
      const { kind, value } = parseTarget(target);
      return wd.findElement(kind === 'css' ? By.css(value) : By.xpath(value));
    };
    /** @type {(fn: Function, ...args: unknown[]) => Promise<any>} */
    const evaluate = (fn, ...args) => wd.executeScript(fn, ...args);
    return {
      name: 'webkit',
      version: `${capabilities.getBrowserName()}/${capabilities.getBrowserVersion()}`,
      goto: (url) => wd.get(url),
      url: () => wd.getCurrentUrl(),
      evaluate,
      async click(target, timeoutMs = 60_000) {
        const { kind, value } = parseTarget(target);
        await pollUntil(() => evaluate(clickableInPage, kind, value), timeoutMs, target);
        await (await find(target)).click();
      },
      async setFiles(selector, path) {
        // strictFileInteractability is off by default, so a hidden input takes the path too.
        await (await find(selector)).sendKeys(path);
      },
      waitFor: (predicate, options) => waitInPage(evaluate, predicate, options),
      async screenshot(path) {
        await writeFile(path, Buffer.from(await wd.takeScreenshot(), 'base64'));
      },
      async shootPicture() {
        const [shot] = await grabPicture(evaluate, 0);
        if (!shot) throw new Error('no picture grabbed');
        return shot;
      },
      grabPicture: (ms, fps) => grabPicture(evaluate, ms, fps),
      consoleMessages: () => evaluate(hookedConsoleInPage),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
