// `npm run soak [-- --minutes 10]` (not part of `npm test`): the app left running as people leave
// it. Camera and file mode alternate every 2 minutes, the glasses change every few seconds, and the
// try-on worker is ended from inside every 2 minutes (a crash: the page must restart it). Each
// minute prints the memory (JS heap of page and workers after a GC, renderer and GPU process RSS)
// and the open VideoFrames; at the end, the growth trend. Builds dist/ first unless --no-build.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../scripts/lib/constants.mjs';
import { startServer } from '../scripts/serve.mjs';
import { prepareFixtures } from '../tests/e2e/fixtures.mjs';
import { measureRecovery, putOnFirstGlasses, startToFirstFrame } from './lib/app-flow.mjs';
import { readStats } from './lib/measure.mjs';
import { memory, openSession } from './lib/session.mjs';
import { round, sleep } from './lib/stats.mjs';

const args = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, 'no-build': { type: 'boolean' } },
}).values;
const minutes = Number(args.minutes);
const SWITCH_S = 4;
const KILL_EVERY_MIN = 2;
const log = (line) => console.log(`soak [${new Date().toISOString().slice(11, 19)}] ${line}`);

if (!args['no-build']) {
  await new Promise((ok, fail) =>
    spawn('npm', ['run', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' }).on('exit', (code) =>
      code === 0 ? ok(undefined) : fail(new Error(`build exited ${code}`)),
    ),
  );
}
const fixtures = await prepareFixtures();
const camera = fixtures.cameras[0];
const file = fixtures.files[0];
const server = await startServer({ dir: join(PROJECT_ROOT, 'dist'), port: 0 });
const session = await openSession({ cameraY4m: camera.y4m, log });
const rows = [];
try {
  const { page } = session;
  await startToFirstFrame(page, `${server.url}/home?stats`, 120_000);
  await putOnFirstGlasses(page, 120_000);
  const cells = await page.locator('.model-cell').count();
  const started = Date.now();
  let next = 0;
  for (let minute = 1; minute <= minutes; minute++) {
    // Two minutes on the camera, two on the video file, and so on; a kill in each second minute.
    const source = sourceAt(minute);
    const switched = minute > 1 && source !== sourceAt(minute - 1);
    if (switched && source === 'file') {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: '打开视频文件' }).click({ timeout: 60_000 });
      await (await chooser).setFiles(file.mp4);
    } else if (switched) {
      await page.getByRole('button', { name: '开启摄像头' }).click({ timeout: 60_000 });
    }
    let recovery = null;
    const end = started + minute * 60_000;
    while (Date.now() < end - SWITCH_S * 1000) {
      if (minute % KILL_EVERY_MIN === 0 && recovery === null && Date.now() > end - 40_000) {
        recovery = await measureRecovery(page, 60_000);
        continue;
      }
      next = (next + 1) % cells;
      await page
        .locator('.model-cell')
        .nth(next)
        .click({ timeout: 60_000 })
        .catch(() => {});
      await sleep(SWITCH_S * 1000);
    }
    await sleep(Math.max(0, end - Date.now()));
    const m = await memory(session);
    const stats = await readStats(page);
    const row = {
      minute,
      source,
      heapMb: round(m.pageHeapMb + m.workerHeapMb, 1),
      rendererMb: round(m.rendererRssMb, 0),
      gpuMb: round(m.gpuRssMb, 0),
      openFrames: Number(stats.openFrames ?? 0),
      face: stats.face === '1' || stats.face === 1,
      recovery: recovery ? `${recovery.noticedMs} / ${recovery.trackedMs} ms` : '',
    };
    rows.push(row);
    log(JSON.stringify(row));
  }
} finally {
  await session.close();
  await server.close();
}

function sourceAt(minute) {
  return Math.floor((minute - 1) / 2) % 2 === 0 ? 'camera' : 'file';
}

/** Least-squares slope per minute over the second half (start-up allocations settle first). */
const slope = (key) => {
  const half = rows.slice(Math.floor(rows.length / 2));
  const n = half.length;
  const mx = half.reduce((s, r) => s + r.minute, 0) / n;
  const my = half.reduce((s, r) => s + r[key], 0) / n;
  const num = half.reduce((s, r) => s + (r.minute - mx) * (r[key] - my), 0);
  const den = half.reduce((s, r) => s + (r.minute - mx) ** 2, 0);
  return den ? round(num / den, 2) : 0;
};
console.log(
  '\n| minute | source | JS heap MB | renderer RSS MB | GPU RSS MB | open VideoFrames | recovery |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.minute} | ${r.source} | ${r.heapMb} | ${r.rendererMb} | ${r.gpuMb} | ${r.openFrames} | ${r.recovery} |`,
  );
}
console.log(
  `\ntrend over the second half, MB/min: heap ${slope('heapMb')}, renderer ${slope('rendererMb')}, GPU ${slope('gpuMb')}`,
);
