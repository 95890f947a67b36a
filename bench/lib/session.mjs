// One browser per configuration and video: a fresh profile (so the first visit is a cold start),
// the fake camera fed from the video, the probes, and a CDP session for the main thread's metrics.
import { readFile, readdir } from 'node:fs/promises';
import { launchChromium } from '../../tests/e2e/browser.mjs';
import { installProbes } from './probes.mjs';
import { withTimeout } from './stats.mjs';

/** Every browser still open, so a crash or a signal can close them all (run.mjs). */
export const openBrowsers = new Set();
let sessions = 0;

/**
 * @param {{ cameraY4m: string, serviceWorkers?: 'allow' | 'block', extraArgs?: string[], gpuCompositing?: boolean, log: (line: string) => void }} options
 *   The bench pages block service workers: the app's worker answers every navigation with the
 *   app's index.html (navigateFallback), which would replace the bench page. `extraArgs`: more
 *   Chromium switches (the catalogue's CPU-raster run). `gpuCompositing: false`: the page
 *   composited on the CPU, as Chromium does where it has no GPU (`--against --page-on-cpu`).
 */
export async function openSession({
  cameraY4m,
  serviceWorkers = 'allow',
  extraArgs = [],
  gpuCompositing = true,
  log,
}) {
  // An inert switch naming this browser, to find its processes in /proc among other runs'.
  const marker = `--bench-session=${process.pid}-${++sessions}`;
  const browser = await withTimeout(
    launchChromium({ cameraY4m, extraArgs: [marker, ...extraArgs], gpuCompositing }),
    60_000,
    'launch Chromium',
  );
  openBrowsers.add(browser);
  const close = async () => {
    openBrowsers.delete(browser);
    await withTimeout(browser.close(), 20_000, 'close Chromium').catch((e) => log(String(e)));
  };
  try {
    const context = await browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 430, height: 900 },
      serviceWorkers,
    });
    await context.addInitScript(installProbes);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    page.on('pageerror', (error) => log(`[pageerror] ${error.message}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const browserCdp = await browser.newBrowserCDPSession();
    return { browser, context, page, cdp, browserCdp, marker: marker.slice(2), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Main-thread task time and the wall clock, from CDP (seconds). */
export async function mainThreadClock(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { task: get('TaskDuration'), wall: get('Timestamp') };
}

/**
 * Runs one CDP command in a dedicated worker of the page, through the browser session (the
 * page's own CDP session cannot reach workers). Resolves null if the worker does not answer.
 */
async function inWorkers(browserCdp, method) {
  const { targetInfos } = await browserCdp.send('Target.getTargets');
  const results = [];
  for (const target of targetInfos.filter((t) => t.type === 'worker')) {
    const { sessionId } = await browserCdp.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: false,
    });
    const id = Math.floor(Math.random() * 1e9);
    const reply = new Promise((resolve) => {
      const listener = (event) => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message);
        if (message.id !== id) return;
        browserCdp.off('Target.receivedMessageFromTarget', listener);
        resolve(message.result ?? null);
      };
      browserCdp.on('Target.receivedMessageFromTarget', listener);
    });
    const message = JSON.stringify({ id, method });
    await browserCdp.send('Target.sendMessageToTarget', { sessionId, message });
    results.push(await withTimeout(reply, 10_000, method).catch(() => null));
    await browserCdp.send('Target.detachFromTarget', { sessionId }).catch(() => {});
  }
  return results;
}

const MB = 1024 * 1024;

/**
 * JS heap of the page and of its workers after a forced GC (so growth means retained memory),
 * and the resident memory of the browser's renderer and GPU processes (everything: wasm heaps,
 * SwiftShader's buffers, the worker's thread).
 */
export async function memory(session) {
  const { cdp, browserCdp, marker } = session;
  await cdp.send('HeapProfiler.collectGarbage');
  const page = await cdp.send('Runtime.getHeapUsage');
  await inWorkers(browserCdp, 'HeapProfiler.collectGarbage');
  const workers = await inWorkers(browserCdp, 'Runtime.getHeapUsage');
  const workerHeap = workers.reduce((sum, w) => sum + (w?.usedSize ?? 0), 0);
  const rss = await processRss(marker);
  return {
    pageHeapMb: page.usedSize / MB,
    workerHeapMb: workerHeap / MB,
    rendererRssMb: rss.renderer / MB,
    gpuRssMb: rss.gpu / MB,
  };
}

/** Resident set sizes (bytes) of the renderers and GPU process under this session's browser. */
async function processRss(marker) {
  const total = { renderer: 0, gpu: 0 };
  for (const p of await sessionProcesses(marker)) total[p.kind] += p.rss;
  return total;
}

/**
 * CPU seconds (user + system) the page's renderer and the GPU process used so far: together, and
 * the GPU process alone (software GL draws and composites there); null when none was found.
 */
export async function processCpuS(marker) {
  const list = await sessionProcesses(marker);
  if (!list.length) return null;
  const seconds = (ps) => ps.reduce((sum, p) => sum + p.cpuTicks, 0) / CLOCK_TICKS;
  return { total: seconds(list), gpu: seconds(list.filter((p) => p.kind === 'gpu')) };
}

const CLOCK_TICKS = 100; // sysconf(_SC_CLK_TCK) on Linux

/** The page's renderer(s) and the GPU process under this session's browser, from /proc. */
async function sessionProcesses(marker) {
  const procs = new Map();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const [cmdline, status, stat] = await Promise.all([
      readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => ''),
      readFile(`/proc/${name}/status`, 'utf8').catch(() => ''),
      readFile(`/proc/${name}/stat`, 'utf8').catch(() => ''),
    ]);
    const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    // utime and stime are fields 14 and 15; the name (field 2) may hold spaces, so count after ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuTicks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    procs.set(Number(name), { cmdline: cmdline.split('\0'), ppid, rss, cpuTicks });
  }
  const root = [...procs].find(([, p]) => p.cmdline.includes(`--${marker}`))?.[0];
  const found = [];
  if (root === undefined) return found;
  for (const [pid, p] of procs) {
    let up = p.ppid;
    let depth = 0;
    while (up && up !== root && depth++ < 10) up = procs.get(up)?.ppid ?? 0;
    if (up !== root || pid === root) continue;
    // Child processes rewrite their title into one space-separated string. The renderer that
    // draws the browser's own UI pages is not the page's.
    const title = p.cmdline.join(' ');
    if (title.includes('--type=renderer') && !title.includes('--top-chrome-webui'))
      found.push({ kind: 'renderer', ...p });
    if (title.includes('--type=gpu-process')) found.push({ kind: 'gpu', ...p });
  }
  return found;
}
