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
 * The file's pictures as a player shows them (issue 48): decodes the video stream and reads each
 * frame's timestamp. `fps` is frames over the file's duration (the container's, else the span of
 * the timestamps plus one median interval), `longestHoldMs` the longest wait between two
 * consecutive pictures, `leadMs` the first picture's time in the file.
 * @param {string} file
 */
export function probeFrames(file) {
  return new Promise((resolve) => {
    const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries'];
    const entries = 'frame=best_effort_timestamp_time:format=duration';
    const child = spawn('ffprobe', [...args, entries, '-of', 'json', file], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('error', () => resolve(null));
    child.on('close', () => {
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        return resolve(null);
      }
      const times = (parsed.frames ?? [])
        .map((f) => Number(f.best_effort_timestamp_time))
        .filter((t) => Number.isFinite(t))
        .sort((a, b) => a - b);
      if (times.length < 2) return resolve(null);
      const gaps = times.slice(1).map((t, i) => t - times[i]);
      const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
      const span = times.at(-1) - times[0];
      const container = Number(parsed.format?.duration);
      const durationS = Number.isFinite(container) && container > 0 ? container : span + median;
      resolve({
        frames: times.length,
        durationS: round(durationS, 3),
        fps: round(times.length / durationS, 2),
        longestHoldMs: round(Math.max(...gaps) * 1000, 0),
        leadMs: round(times[0] * 1000, 0),
      });
    });
  });
}

/**
 * Records for `seconds` if the app has the record buttons; otherwise says it is not available,
 * so the row reads "not available yet" until the recording feature lands. `inspect`, if given,
 * reads the downloaded file before its browser closes (its answer lands in `file`).
 * @param {import('playwright-core').Page} page @param {number} seconds
 * @param {(line: string) => void} log @param {(file: string) => Promise<unknown>} [inspect]
 */
export async function measureRecording(page, seconds, log, inspect) {
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
    ...(inspect ? { file: file ? await inspect(file) : null } : {}),
  };
}
