// Issue 38's 全部试戴 on a kept picture (a photo of the fixtures' face): how soon the first and
// the last of the catalogue's frames show with the models stored, what it costs the page's main
// thread, and whether closing it gives its memory back.
import { preparePhotoFixtures } from '../../tests/e2e/photo-fixtures.mjs';
import { waitForStats } from './measure.mjs';
import { readProbes, resetProbes } from './probes.mjs';
import { mainThreadClock, memory, openSession } from './session.mjs';
import { round, sleep, summary } from './stats.mjs';

/** The main thread's idle lag is read over this long, with the photo shown and nothing else. */
const IDLE_S = 5;

/** In the page: taps 全部试戴 and times each cell drawn (ms from the tap) until all have ended. */
function timeTryAll(timeoutMs) {
  const t0 = performance.now();
  const times = [];
  return new Promise((resolve, reject) => {
    const check = () => {
      const cells = document.querySelectorAll('.try-all-grid li');
      const done = document.querySelectorAll('.try-all-grid li[data-state="done"]').length;
      const failed = document.querySelectorAll('.try-all-grid li[data-state="failed"]').length;
      while (times.length < done) times.push(performance.now() - t0);
      if (cells.length > 0 && done + failed === cells.length) {
        observer.disconnect();
        resolve({ times, cells: cells.length, failed });
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    setTimeout(() => reject(new Error(`try-all not done in ${timeoutMs} ms`)), timeoutMs);
    document.querySelector('.try-all').click();
  });
}

const heapMb = (m) => m.pageHeapMb + m.workerHeapMb;

/** @param {{ baseUrl: string, plan: any, log: (line: string) => void }} options */
export async function runTryAll({ baseUrl, plan, log }) {
  const photos = await preparePhotoFixtures();
  const session = await openSession({ cameraY4m: undefined, log });
  try {
    const { page } = session;
    await page.goto(`${baseUrl}/home?stats`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '打开照片' }).click({ timeout: plan.stepTimeoutMs });
    await (await chooser).setFiles(photos.face);
    await waitForStats(page, (s) => s.face === 1, plan.stepTimeoutMs, 'photo tracked');
    const close = async () => {
      await page.getByRole('button', { name: '关闭' }).click();
      await page.locator('.try-all-sheet').waitFor({ state: 'detached' });
    };
    // The first time downloads and stores every model (and compiles the programs).
    log('try-all: first run (downloads)');
    const first = await page.evaluate(timeTryAll, plan.stepTimeoutMs);
    await close();
    await sleep(2000);
    const before = await memory(session);
    await resetProbes(page);
    await sleep(IDLE_S * 1000);
    const idle = await readProbes(page);
    log('try-all: measured run (models stored)');
    const clockBefore = await mainThreadClock(session.cdp);
    const run = await page.evaluate(timeTryAll, plan.stepTimeoutMs);
    const clockAfter = await mainThreadClock(session.cdp);
    const during = await readProbes(page);
    await close();
    await sleep(2000);
    const after = await memory(session);
    return {
      cells: run.cells,
      failed: run.failed,
      firstMs: round(run.times[0], 0),
      allMs: round(run.times.at(-1), 0),
      withDownloads: { firstMs: round(first.times[0], 0), allMs: round(first.times.at(-1), 0) },
      lagIdleMs: summary(idle.lag),
      lagDuringMs: summary(during.lag),
      // The page's own work then: busy time over wall time (CDP), and tasks over 50 ms.
      mainBusy: round(
        (clockAfter.task - clockBefore.task) / (clockAfter.wall - clockBefore.wall),
        3,
      ),
      longTasks: during.longTasks.length,
      heapBeforeMb: round(heapMb(before), 1),
      heapAfterMb: round(heapMb(after), 1),
      rssBeforeMb: round(before.rendererRssMb + before.gpuRssMb, 0),
      rssAfterMb: round(after.rendererRssMb + after.gpuRssMb, 0),
    };
  } finally {
    await session.close();
  }
}

/** Issue 38's targets: first picture, all, lag over idle (p95), memory back after closing. */
const TARGETS = { firstMs: 1000, allMs: 4000, lagOverIdleMs: 2, memoryMb: 10 };
const yesNo = (met) => (met === null ? 'n/a' : met ? '✅ yes' : '❌ no');

/** RESULTS.md's section for runTryAll's figures. */
export function tryAllSection(tryAll, error) {
  const lines = ['## 全部试戴: every frame on one picture (issue 38)', ''];
  if (!tryAll) return [...lines, `**Failed:** ${error ?? 'not run'}`, ''];
  const lagOver = round(tryAll.lagDuringMs.p95 - tryAll.lagIdleMs.p95, 2);
  const heapBack = round(tryAll.heapAfterMb - tryAll.heapBeforeMb, 1);
  const rssBack = round(tryAll.rssAfterMb - tryAll.rssBeforeMb, 0);
  lines.push(
    `A photo of the fixtures’ face; ${tryAll.cells} frames (${tryAll.failed} failed), the`,
    'models stored by a first run (its times, downloads from the local server included:',
    `first ${tryAll.withDownloads.firstMs} ms, all ${tryAll.withDownloads.allMs} ms). Times from the tap.`,
    '',
    '| Figure | Value | Target | Met |',
    '| --- | --- | --- | --- |',
    `| First picture, ms | ${tryAll.firstMs} | ≤ ${TARGETS.firstMs} | ${yesNo(tryAll.firstMs <= TARGETS.firstMs)} |`,
    `| All pictures, ms | ${tryAll.allMs} | ≤ ${TARGETS.allMs} | ${yesNo(tryAll.allMs <= TARGETS.allMs)} |`,
    `| Main-thread lag p95 during / idle, ms | ${tryAll.lagDuringMs.p95} / ${tryAll.lagIdleMs.p95} | ≤ idle + ${TARGETS.lagOverIdleMs} | ${yesNo(lagOver <= TARGETS.lagOverIdleMs)} |`,
    `| JS heap (page + workers) after closing vs before, MB | ${heapBack} (${tryAll.heapBeforeMb} → ${tryAll.heapAfterMb}) | ≤ ${TARGETS.memoryMb} | ${yesNo(heapBack <= TARGETS.memoryMb)} |`,
    `| Main thread busy during it (task time ÷ wall time); tasks over 50 ms | ${tryAll.mainBusy}; ${tryAll.longTasks} | — | — |`,
    `| Renderer + GPU resident after closing vs before, MB | ${rssBack} (${tryAll.rssBeforeMb} → ${tryAll.rssAfterMb}) | — | — |`,
    '',
  );
  return lines;
}
