import { afterAll, beforeAll, describe, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { readStats, startCamera, waitForStats } from './app-page';
import { withApp } from './app-session';
import { chooseFile, DIST_DIR } from './media-helpers';
import { cutTrace, judgeCut, presentedLogger } from './cut-judge.mjs';
import { prepareMotionFixtures, STILL_RMS_PX } from './motion-fixtures.mjs';
import { STEADINESS_FRAMES } from '../../workers/tracking/steadiness';

const motion = await prepareMotionFixtures();

let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

describe.concurrent('motion (issue 37)', () => {
  it('never draws a frame after a scene cut with a pose from before it', async ({ expect }) => {
    const path = '/home?stats&glasses=001';
    await withApp(server.url, { path }, async ({ page }) => {
      await chooseFile(page, motion.cut.mp4);
      await page.locator('.model-cell[aria-pressed="true"]').waitFor({ timeout: 90_000 });
      await waitForStats(page, (s) => s.freshPoses >= 3);
      // From the start again, glasses on and tracking warm: the cut comes CUT_AT_S later.
      await page.evaluate(() => {
        const video = document.querySelector('video')!;
        video.currentTime = 0;
        void video.play();
      });
      await page.evaluate(presentedLogger);
      const cutAtS = motion.cut.cutAtS;
      await page.waitForFunction(
        (endS) => document.querySelector('video')!.currentTime > endS,
        cutAtS + 2,
        { timeout: 60_000, polling: 200 },
      );
      const { presented, frames } = await page.evaluate(() => ({
        presented: (window as unknown as { __presented: [] }).__presented,
        frames: window.__tryOnFrames ?? [],
      }));
      const cut = judgeCut(presented, frames, cutAtS, 1 / 30);
      expect(cut, `the cut was presented (${cutTrace(presented, cutAtS)})`).not.toBeNull();
      // Not vacuous: the glasses were on the first face in the second before the cut (a busy
      // machine draws few frames: 2 there once, beside two other files).
      expect(cut!.wornBefore).toBeGreaterThan(0);
      expect(cut!.stale, 'frames after the cut drawn with a pose from before it').toEqual([]);
      // And they come back on the second face with its first detections.
      expect(cut!.backAfterMs, 'the glasses are back after the cut').not.toBeNull();
      expect(cut!.backAfterMs!).toBeLessThan(1500);
    });
  });

  it('holds the glasses still on a still face with a camera’s noise', async ({ expect }) => {
    const path = '/home?stats&glasses=001';
    await withApp(server.url, { cameraY4m: motion.steady.y4m, path }, async ({ page }) => {
      await startCamera(page);
      const start = await waitForStats(page, (s) => s.stepPx !== null && s.freshPoses >= 10);
      // A window's worth of frames after the glasses settled.
      await waitForStats(page, (s) => s.drawn >= start.drawn + STEADINESS_FRAMES + 10, 60_000);
      const { stepPx, spreadPx } = await readStats(page);
      expect(stepPx).not.toBeNull();
      expect(stepPx!).toBeLessThanOrEqual(STILL_RMS_PX);
      expect(spreadPx!).toBeLessThanOrEqual(STILL_RMS_PX);
    });
  });
});
