// What the figures were measured on: they only mean something next to this.
import { execFileSync } from 'node:child_process';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { launchChromium } from '../../tests/e2e/browser.mjs';
import { openBrowsers } from './session.mjs';
import { round, withTimeout } from './stats.mjs';

const git = (...args) => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return '';
  }
};

/** Load and memory now; taken at the start and the end of a run (others may share the CPU). */
export function load() {
  return {
    loadAverage: loadavg().map((v) => round(v, 2)),
    freeMemoryGb: round(freemem() / 2 ** 30, 1),
  };
}

/** Cores, Chromium version and the WebGL renderer the pages and workers get. */
export async function describeMachine() {
  const browser = await withTimeout(
    launchChromium({ gpuCompositing: true }),
    60_000,
    'launch Chromium',
  );
  openBrowsers.add(browser);
  try {
    const page = await browser.newPage();
    const webgl = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      if (!gl || !info) return { vendor: null, renderer: null };
      return {
        vendor: gl.getParameter(info.UNMASKED_VENDOR_WEBGL),
        renderer: gl.getParameter(info.UNMASKED_RENDERER_WEBGL),
      };
    });
    return {
      cores: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGb: round(totalmem() / 2 ** 30, 1),
      node: process.version,
      chromium: browser.version(),
      webgl,
      commit: git('rev-parse', '--short', 'HEAD').trim() || null,
      uncommittedFiles: git('status', '--porcelain').split('\n').filter(Boolean).length,
    };
  } finally {
    openBrowsers.delete(browser);
    await withTimeout(browser.close(), 20_000, 'close Chromium').catch(() => {});
  }
}

/**
 * The head of a run's result: when it started (a file-name-safe ISO time), its mode, how long it
 * took, the machine, its load at the start and now, and which fixtures it measured.
 * @param {{ started: number, mode: string, machine: unknown, loadStart: unknown, fixtures: { source: string } }} run
 */
export function runHead({ started, mode, machine, loadStart, fixtures }) {
  const date = new Date(started)
    .toISOString()
    .replace(/:/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return {
    date,
    mode,
    seconds: round((Date.now() - started) / 1000, 0),
    machine,
    load: { start: loadStart, end: load() },
    fixtures: fixtures.source,
  };
}
