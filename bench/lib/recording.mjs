// Tracking while recording: tracked fps during the recording, and the recorded file's own frame
// rate (the app saves the file as a download; ffprobe reads its packet timestamps).
import { spawn } from 'node:child_process';
import { readStats } from './measure.mjs';
import { round, sleep } from './stats.mjs';

const START = '开始录像';
const STOP = '停止录像';

/** @param {string} file @returns {Promise<{ frames: number, seconds: number } | null>} */
function probeFile(file) {
  return new Promise((resolve) => {
    const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time'];
    const child = spawn('ffprobe', [...args, '-of', 'csv=p=0', file], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('error', () => resolve(null));
    child.on('close', () => {
      const times = text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map(Number)
        .filter((t) => Number.isFinite(t) && t >= 0)
        .sort((a, b) => a - b);
      if (times.length < 2) return resolve(null);
      resolve({ frames: times.length, seconds: times.at(-1) - times[0] });
    });
  });
}

/**
 * Records for `seconds` if the app has the record buttons; otherwise says it is not available,
 * so the row reads "not available yet" until the recording feature lands.
 */
export async function measureRecording(page, seconds, log) {
  const start = page.getByRole('button', { name: START });
  if ((await start.count()) === 0) return { available: false };
  const before = await readStats(page);
  const t0 = Date.now();
  await start.click();
  await sleep(seconds * 1000);
  const after = await readStats(page);
  const wallS = (Date.now() - t0) / 1000;
  // Handled at once: if the stop click throws, the pending wait must not reject unobserved.
  const download = page.waitForEvent('download', { timeout: 60_000 }).then(
    (d) => d.path(),
    (error) => {
      log(`recording: no download (${error})`);
      return null;
    },
  );
  await page.getByRole('button', { name: STOP }).click();
  const file = await download;
  const probe = file ? await probeFile(file) : null;
  return {
    available: true,
    seconds: round(wallS, 1),
    trackedFps: round((Number(after.freshPoses) - Number(before.freshPoses)) / wallS, 2),
    drawnFps: round((Number(after.drawn) - Number(before.drawn)) / wallS, 2),
    recordedFps: probe ? round((probe.frames - 1) / probe.seconds, 2) : null,
    recordedFrames: probe?.frames ?? null,
  };
}
