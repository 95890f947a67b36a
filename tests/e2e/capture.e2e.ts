import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { compareGlassesAtEyes, startCamera } from './app-page';
import { withApp } from './app-session';
import { prepareFixtures } from './fixtures.mjs';
import { reloadAsWeChat } from './user-agents';
import {
  DIST_DIR,
  encodesH264InPage,
  pngSize,
  probeVideo,
  recordingSizeProblem,
  saveDownload,
  frameRates,
  thumbDistance,
  thumbnail,
  waitForSettled,
  wearGlasses,
} from './media-helpers';

const fixtures = await prepareFixtures();
// Recording is specified at 30 fps (docs/behaviour.md §9): use a 30 fps camera.
const camera = fixtures.cameras.find((c) => c.fps >= 30) ?? fixtures.cameras[0]!;

let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

describe(`photo and recording on camera ${camera.name}`, () => {
  it('asks for the camera when recording with nothing running', async () => {
    await withApp(server.url, { cameraY4m: camera.y4m }, async ({ page }) => {
      await page.getByRole('button', { name: '开启摄像头' }).waitFor();
      const alerts: string[] = [];
      // alert() blocks the page until answered, so answer it from the event itself.
      page.on('dialog', (dialog) => {
        alerts.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: '开始录像' }).click();
      await expect.poll(() => alerts, { timeout: 15_000 }).toEqual(['alert: 请先启动摄像头']);
      expect(await page.getByRole('button', { name: '开始录像' }).count()).toBe(1);
      expect(await page.getByRole('timer').count()).toBe(0);
    });
  });

  it('saves a 2× PNG with the glasses at the eyes, records 4 s at 2× (or the largest size the encoder keeps up with) from press to press, and in WeChat shows the photo to long-press', async () => {
    await withApp(server.url, { cameraY4m: camera.y4m }, async ({ page }) => {
      await startCamera(page);
      await wearGlasses(page);
      await waitForSettled(page);
      const [first] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '拍照' }).click(),
      ]);
      expect(first.suggestedFilename()).toBe('merged-screenshot.png');
      const png = await readFile(await saveDownload(first));
      expect(pngSize(png)).toEqual({ width: camera.width * 2, height: camera.height * 2 });
      const cmp = await compareGlassesAtEyes(page);
      expect(cmp.width).toBe(camera.width * 2);
      expect(cmp.eyes).toBeGreaterThan(8);
      expect(cmp.corner).toBeLessThan(1);

      // Drawing rates with and without recording are the bench's to measure (bench/RESULTS.md).
      const stop = page.getByRole('button', { name: '停止录像' });
      // A first, short recording: the timer runs and the file comes.
      await page.getByRole('button', { name: '开始录像' }).click();
      await expect
        .poll(() => page.getByRole('timer').textContent(), { timeout: 15_000 })
        .toMatch(/^\d+:\d\d$/);
      await Promise.all([page.waitForEvent('download'), stop.click()]);

      // The presses happen inside these clicks (plain DOM clicks: no actionability waits).
      const clickTimed = async (button: typeof stop) => {
        const before = Date.now();
        await button.evaluate((el) => (el as HTMLButtonElement).click());
        return { before, after: Date.now() };
      };
      const startClick = await clickTimed(page.getByRole('button', { name: '开始录像' }));
      await stop.waitFor();
      const during = (await frameRates(page, 3.8)).drawn;
      const downloaded = page.waitForEvent('download');
      const stopClick = await clickTimed(stop);
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(
        /^recorded-video-\d{4}-\d\d-\d\dT\d\d[:_-]\d\d[:_-]\d\d\.\d{3}Z\.(webm|mp4)$/,
      );
      const videoPath = await saveDownload(download);
      const video = await probeVideo(videoPath);
      console.log('recording', JSON.stringify(video));
      // MP4/H.264 where this browser's encoder takes H.264 (albums and chat apps play it), its
      // index first; WebM/VP9 otherwise. The name's extension says the same.
      const h264 = (await page.evaluate(encodesH264InPage)).webCodecs;
      expect(recordingSizeProblem(video, camera.width, camera.height)).toBeNull();
      expect(video).toMatchObject({
        decodeErrors: '',
        ...(h264
          ? { container: 'mp4', codec: 'h264', indexFirst: true }
          : { container: 'webm', codec: 'vp9' }),
      });
      expect(download.suggestedFilename().endsWith(`.${video.container}`)).toBe(true);
      // The file lasts from press to press, to one recording frame (1/30 s), however late the
      // encoder started or the last picture came.
      const frameS = 1 / 30;
      expect(video.durationS).toBeGreaterThan(
        (stopClick.before - startClick.after) / 1000 - frameS,
      );
      expect(video.durationS).toBeLessThan((stopClick.after - startClick.before) / 1000 + frameS);
      // Every picture drawn inside the recording goes to the encoder or is left out and counted
      // (the encoder still busy with the last ones, or a second picture in one 1/30 s slot: 67
      // of 69 once before those were counted). On this 2-core
      // machine the VP9 encoder at 2× (1280×720) took ~11 of the ~21 pictures drawn per second
      // when it read them back from the GPU itself, 81 of 89 once they were copied off the GPU
      // beforehand (workers/capture/pixel-pack-grabber.ts); the rate itself is the bench's to report.
      type Counts = { frames: number; dropped: number };
      const recorded = await page.evaluate(
        () =>
          (window as unknown as { __tryOn?: { lastRecording?: Counts } }).__tryOn?.lastRecording,
      );
      console.log('recorder', JSON.stringify(recorded), 'drawn fps', during.toFixed(2));
      expect(recorded).toBeDefined();
      expect(video.frames).toBe(recorded!.frames);
      expect(video.fps).toBeLessThanOrEqual(30.5);
      expect(recorded!.frames + recorded!.dropped).toBeGreaterThanOrEqual(
        0.9 * Math.min(30, during) * 3.8,
      );
      // And most of them reach the file: 78 of 93 in CI, 81 of 89 here; 0.57 of them when the
      // encoder read each picture back from the GPU itself (before the copy).
      expect(recorded!.frames).toBeGreaterThanOrEqual(0.7 * Math.min(30, during) * 3.8);
      await expect
        .poll(() => page.getByRole('button', { name: '开始录像' }).count(), { timeout: 15_000 })
        .toBe(1);
      // The file shows what the app shows: its end against a photo taken just after (a picture
      // read back bottom-up would match the photo turned upside down better).
      const [photo] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '拍照' }).click(),
      ]);
      const end = await thumbnail(videoPath, 0.2);
      const still = await thumbnail(await saveDownload(photo));
      const upright = thumbDistance(still, end);
      const flipped = thumbDistance(still, end, true);
      console.log(
        `recording's end vs photo: ${upright.toFixed(1)} upright, ${flipped.toFixed(1)} flipped`,
      );
      expect(upright).toBeLessThan(20);
      expect(upright).toBeLessThan(flipped / 2);

      // The same page as WeChat's browser (its user agent, reloaded: everything is stored by
      // now): no dead download, the photo full screen to long-press, and recording refused
      // with what works instead, before anything is recorded.
      await reloadAsWeChat(page);
      const downloads: string[] = [];
      page.on('download', (download) => downloads.push(download.suggestedFilename()));
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await startCamera(page);
      await waitForSettled(page, 1);
      await page.getByRole('button', { name: '拍照' }).click();
      const sheet = page.getByRole('dialog', { name: '照片已拍好' });
      const image = sheet.getByRole('img', { name: '照片已拍好' });
      await image.waitFor();
      expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(
        await image.evaluate((img) => [
          (img as HTMLImageElement).naturalWidth,
          (img as HTMLImageElement).naturalHeight,
        ]),
      ).toEqual([camera.width * 2, camera.height * 2]);
      expect(await sheet.textContent()).toContain('长按图片，保存到相册或发送给朋友');
      await page.screenshot({ path: 'test-results/in-app-photo-sheet.png' });
      await sheet.getByRole('button', { name: '关闭' }).click();
      await sheet.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: '开始录像' }).click();
      await expect
        .poll(() => alerts, { timeout: 15_000 })
        .toEqual([
          'alert: 在微信里录下的视频无法保存。请点右上角“···”，选择“在浏览器打开”，再开始录像',
        ]);
      expect(await page.getByRole('timer').count()).toBe(0);
      expect(downloads).toEqual([]);
    });
  });
});
