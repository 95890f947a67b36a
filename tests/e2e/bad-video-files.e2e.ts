// Bad video files (issue 8's errors): each is said in Chinese, the page stays usable and nothing
// stored is touched. Nothing here judges a moving face or a pace (the app's deadlines only wait),
// so it runs in a lane; the video files that play are judged in video-file.e2e.ts, alone.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { zhCN } from '../../src/i18n/zh-CN';
import { prepareCodedClips } from '../outside/clips.mjs';
import { hasModelDbRecord, startCamera, wearGlasses } from './app-page';
import { withApp } from './app-session';
import { chooseFile, DIST_DIR } from './media-helpers';

const run = promisify(execFile);
const clips = await prepareCodedClips();
const file = await clips.movingFile();

let server: { url: string; close(): Promise<void> };
let dir: string;
const bad = {} as Record<
  'oversize' | 'notVideo' | 'empty' | 'truncated' | 'garbage' | 'noFace',
  string
>;

beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'try-on-bad-files-'));
  const ffmpeg = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  bad.oversize = join(dir, 'oversize.mp4');
  await writeFile(bad.oversize, '');
  await truncate(bad.oversize, 51 * 1024 * 1024); // sparse: 51 MB on paper, nothing on disk
  bad.notVideo = join(dir, 'not-video.mp4');
  await writeFile(bad.notVideo, 'this is a text file wearing an .mp4 name\n'.repeat(100));
  bad.empty = join(dir, 'empty.mp4');
  await writeFile(bad.empty, '');
  // The file cut at 40 %, its index (moov) at the end as cameras write it: no index.
  const whole = join(dir, 'whole.mp4');
  await ffmpeg('-i', file.file, '-t', '3', '-an', '-c:v', 'libx264', '-preset', 'ultrafast', whole);
  const bytes = await readFile(whole);
  bad.truncated = join(dir, 'truncated.mp4');
  await writeFile(bad.truncated, bytes.subarray(0, Math.floor(bytes.length * 0.4)));
  // A WebM's first bytes, then noise: the header parses, nothing decodes.
  const webm = join(dir, 'clip.webm');
  await ffmpeg('-i', file.file, '-t', '1', '-an', '-c:v', 'libvpx', '-deadline', 'realtime', webm);
  const noise = Buffer.alloc(64 * 1024);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  bad.garbage = join(dir, 'garbage.webm');
  await writeFile(bad.garbage, Buffer.concat([(await readFile(webm)).subarray(0, 200), noise]));
  bad.noFace = join(dir, 'no-face.mp4');
  await ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '6'],
    ...['-pix_fmt', 'yuv420p', bad.noFace],
  );
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const playback = (page: Page) => page.getByRole('group', { name: zhCN.videoPlayback });

describe('bad video files', () => {
  it('says why each bad file cannot play, stays usable, and touches nothing stored', async () => {
    await withApp(server.url, { cameraY4m: clips.still.y4m }, async ({ page }) => {
      await startCamera(page);
      await wearGlasses(page, '003');
      await expect
        .poll(() => hasModelDbRecord(page, 'models/003.glb'), { timeout: 60_000 })
        .toBe(true);
      const alert = page.getByRole('alert');
      const refused = async (path: string, message: string) => {
        await chooseFile(page, path);
        await expect.poll(() => alert.textContent(), { timeout: 40_000 }).toBe(message);
        expect(await playback(page).count()).toBe(0);
        expect(await button(page, zhCN.openVideoFile).isEnabled()).toBe(true);
      };
      // A good file whose play() never settles (seen in WebKitGTK): said once PLAY_START_MS has
      // passed, the spinner gone, rather than 处理中 for ever.
      await page.evaluate(() => {
        const saved = window as unknown as { __play: HTMLMediaElement['play'] };
        saved.__play = HTMLMediaElement.prototype.play;
        HTMLMediaElement.prototype.play = () => new Promise<void>(() => {});
      });
      try {
        await refused(file.file, zhCN.videoLoadFailed);
        expect(await page.locator('.processing').count()).toBe(0);
      } finally {
        await page.evaluate(() => {
          const saved = window as unknown as { __play: HTMLMediaElement['play'] };
          HTMLMediaElement.prototype.play = saved.__play;
        });
      }
      await refused(bad.oversize, zhCN.videoTooLarge);
      await refused(bad.notVideo, zhCN.videoLoadFailed);
      await refused(bad.empty, zhCN.videoEmpty);
      await refused(bad.truncated, zhCN.videoLoadFailed);
      await refused(bad.garbage, zhCN.videoLoadFailed);
      // A video without a face plays, and soon says why nothing is worn.
      await chooseFile(page, bad.noFace);
      const hint = page.getByRole('status').filter({ hasText: '未检测到人脸' });
      await hint.waitFor({ timeout: 20_000 });
      expect(await hint.textContent()).toBe(zhCN.noFaceHint);
      // Usable after all of it: the good file plays, and the stored frame is still there.
      await chooseFile(page, file.file);
      await playback(page).waitFor({ timeout: 30_000 });
      const at = () => page.evaluate(() => document.querySelector('video')!.currentTime);
      const start = await at();
      await expect.poll(at, { timeout: 10_000 }).toBeGreaterThan(start + 0.5);
      expect(await hasModelDbRecord(page, 'models/003.glb')).toBe(true);
    });
  });
});
