import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { readStats, startCamera, waitForStats } from './app-page';
import { holdFaceModel, readFrameLedger, withApp } from './app-session';
import { prepareFixtures } from './fixtures.mjs';
import { DIST_DIR, pictureOrientation } from './media-helpers';
import { reloadAsWeChat } from './user-agents';
import { format } from '../../src/i18n';
import { zhCN } from '../../src/i18n/zh-CN';

const fixtures = await prepareFixtures();
const camera = fixtures.cameras[0]!;

let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

const alertText = (page: Page) => page.getByRole('alert').textContent({ timeout: 30_000 });

/** The facing mode the running stream was asked for. */
const requestedFacing = (page: Page) =>
  page.evaluate(() => {
    const stream = document.querySelector('video')!.srcObject as MediaStream | null;
    const constraints = stream?.getVideoTracks()[0]?.getConstraints();
    return constraints?.facingMode ?? null;
  });

/** Whether the <video> under the picture (seen while an engine restarts) is shown mirrored. */
const rawMirrored = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.querySelector('video')!).transform.startsWith('matrix(-1'),
  );

/** Waits for pictures tracked after now, so the next check sees the new stream. */
async function freshPictures(page: Page, count = 5) {
  const { workerTracked } = await readStats(page);
  await waitForStats(page, (s) => s.workerTracked >= workerTracked + count);
}

describe('camera', () => {
  it('switches front/rear, mirrors only the front camera, and releases everything when off', async () => {
    await withApp(server.url, { cameraY4m: camera.y4m }, async ({ page }) => {
      const switchButton = page.getByRole('button', { name: '切换摄像头' });
      await page.getByRole('button', { name: '开启摄像头' }).waitFor();
      expect(await switchButton.isDisabled()).toBe(true); // off: switching does nothing

      await startCamera(page);
      await waitForStats(page, (s) => s.freshPoses >= 5);
      expect(await requestedFacing(page)).toBe('user');
      const front = await pictureOrientation(page);
      expect(front.flipped).toBeLessThan(front.plain);
      expect(await rawMirrored(page)).toBe(true);

      await switchButton.click();
      await expect.poll(() => requestedFacing(page), { timeout: 30_000 }).toBe('environment');
      await freshPictures(page);
      const rear = await pictureOrientation(page);
      expect(rear.plain).toBeLessThan(rear.flipped);
      expect(await rawMirrored(page)).toBe(false);
      expect(await page.getByRole('button', { name: '关闭摄像头' }).count()).toBe(1);

      await switchButton.click();
      await expect.poll(() => requestedFacing(page), { timeout: 30_000 }).toBe('user');
      await freshPictures(page);
      const again = await pictureOrientation(page);
      expect(again.flipped).toBeLessThan(again.plain);

      // Off: tracks stopped, no picture left in the worker, every VideoFrame accounted for.
      const track = await page.evaluateHandle(
        () => (document.querySelector('video')!.srcObject as MediaStream).getVideoTracks()[0]!,
      );
      await page.getByRole('button', { name: '关闭摄像头' }).click();
      await page.getByRole('button', { name: '开启摄像头' }).waitFor();
      expect(await track.evaluate((t) => t.readyState)).toBe('ended');
      expect(await page.evaluate(() => document.querySelector('video')!.srcObject)).toBeNull();
      expect(await switchButton.isDisabled()).toBe(true);
      const done = await waitForStats(page, (s) => s.inFlight === 0 && s.openFrames === 0, 10_000);
      expect(done.failed).toBe(0);
      const ledger = await readFrameLedger(page);
      expect(ledger.made).toBe(ledger.closed + ledger.transferred);
    });
  });

  it('says the camera was disconnected when its track ends, and starts again', async () => {
    await withApp(server.url, { cameraY4m: camera.y4m }, async ({ page }) => {
      await startCamera(page);
      await waitForStats(page, (s) => s.freshPoses >= 3);
      // An unplugged camera ends its track and fires 'ended'. track.stop() fires nothing, so do
      // both by hand: the app sees exactly what a pulled USB camera produces.
      await page.evaluate(() => {
        const stream = document.querySelector('video')!.srcObject as MediaStream;
        const track = stream.getVideoTracks()[0]!;
        track.stop();
        track.dispatchEvent(new Event('ended'));
      });
      expect(await alertText(page)).toBe('摄像头已断开');
      await page.getByRole('button', { name: '开启摄像头' }).waitFor();
      const before = (await readStats(page)).freshPoses;
      await startCamera(page);
      await waitForStats(page, (s) => s.freshPoses >= before + 3);
      expect(await page.getByRole('alert').count()).toBe(0);
    });
  });

  it('opens the camera while the engine gets ready, says it waits, and tracks once it is ready', async () => {
    const { onContext, release } = holdFaceModel();
    await withApp(server.url, { cameraY4m: camera.y4m, onContext }, async ({ page }) => {
      const view = page.locator('.view');
      const waiting = view.getByText('摄像头已开启，准备好后自动开始试戴');
      const cameraOn = view.getByRole('button', { name: '开启摄像头' });
      // The stream is open (permission given, sensor started); it plays once the engine is in.
      const streamLive = () =>
        page.evaluate(() => {
          const stream = document.querySelector('video')!.srcObject as MediaStream | null;
          return stream?.getVideoTracks()[0]?.readyState === 'live';
        });
      await view.getByText('第 1 / 3 步').waitFor({ timeout: 60_000 });
      await cameraOn.click();
      await waiting.waitFor({ timeout: 30_000 });
      expect(await streamLive()).toBe(true);
      expect(await view.getByText('第 1 / 3 步').count()).toBe(1);
      // A tap on glasses while it waits is kept (the cell says it is busy)...
      const cell = (serial: string) => page.locator(`.model-cell[data-serial="${serial}"]`);
      await cell('002').click();
      await cell('002').and(page.locator('[aria-busy="true"]')).waitFor();
      // ...and cancelling turns the camera off again and drops it; nothing else changes.
      await view.getByRole('button', { name: '取消' }).click();
      await cameraOn.waitFor();
      expect(await streamLive()).toBe(false);
      expect(await cell('002').getAttribute('aria-busy')).toBe('false');
      await cameraOn.click();
      await waiting.waitFor({ timeout: 30_000 });
      await cell('001').click();
      release();
      await page
        .locator('.controls')
        .getByRole('button', { name: '关闭摄像头' })
        .waitFor({ timeout: 90_000 });
      await waitForStats(page, (s) => s.freshPoses >= 5 && s.face === 1);
      expect(await waiting.count()).toBe(0);
      // The glasses tapped while waiting go on once it tracks; the dropped tap does not.
      await cell('001').and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: 60_000 });
      expect(await cell('002').getAttribute('aria-pressed')).toBe('false');
      expect(await page.getByRole('alert').count()).toBe(0);
    });
  });

  const failures = [
    {
      name: 'refused',
      extraArgs: ['--use-fake-ui-for-media-stream=deny'],
      message: '无法使用摄像头：权限被拒绝，请在浏览器设置中允许访问摄像头',
    },
    {
      name: 'absent',
      extraArgs: ['--use-fake-device-for-media-stream=device-count=0'],
      message: '未找到摄像头',
    },
  ];
  it.each(failures)('explains a $name camera in Chinese and stays usable', async (failure) => {
    await withApp(server.url, { extraArgs: failure.extraArgs }, async ({ page }) => {
      const on = page.getByRole('button', { name: '开启摄像头' });
      await on.click({ timeout: 90_000 });
      expect(await alertText(page)).toBe(failure.message);
      expect(await on.isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: '打开视频文件' }).isEnabled()).toBe(true);
      await on.click(); // asking again gives the same answer, nothing breaks
      expect(await alertText(page)).toBe(failure.message);
      if (failure.name !== 'refused') return;
      // Inside WeChat the browser's settings are not where a person can allow it: the phone's
      // settings for WeChat are.
      await reloadAsWeChat(page);
      await on.click({ timeout: 90_000 });
      expect(await alertText(page)).toBe(
        format(zhCN, 'cameraDeniedInApp', { app: zhCN.appWechat }),
      );
    });
  });

  it('logs and shows that the browser has no getUserMedia', async () => {
    // A browser without the camera API (old, or an insecure page): no navigator.mediaDevices.
    await withApp(
      server.url,
      {
        initScript: `Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined });`,
      },
      async ({ page }) => {
        const logs: string[] = [];
        page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
        await page.getByRole('button', { name: '开启摄像头' }).click({ timeout: 90_000 });
        expect(await alertText(page)).toBe('浏览器不支持 getUserMedia');
        expect(logs).toContain('log: 浏览器不支持 getUserMedia');
      },
    );
  });
});
