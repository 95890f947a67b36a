// A download that never ends: the try-on opens without the head occluder after its deadline,
// says so, works meanwhile, and puts the occluder in when it comes. Mostly a wait on the app's
// own deadline, so `npm test` runs it beside the Chromium suite (scripts/run-tests.sh).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { ASSET_PATHS } from '../../src/shared/storage-constants';
import { SCENE_ASSETS_WAIT_MS } from '../../src/shared/ui-constants';
import { compareGlassesAtEyes, drawsAgain, startCamera } from './app-page';
import { withApp } from './app-session';
import { prepareFixtures } from './fixtures.mjs';
import { DIST_DIR, waitForSettled, wearGlasses } from './media-helpers';

const fixtures = await prepareFixtures();
const camera = fixtures.cameras[0]!;

let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

describe('a scene asset that never arrives', () => {
  it('opens without a head occluder that never arrives, and puts it in when it comes', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await withApp(
      server.url,
      {
        cameraY4m: camera.y4m,
        onContext: (context) =>
          void context.route(`**/${ASSET_PATHS.headOccluder}`, async (route) => {
            await held;
            await route.continue().catch(() => {});
          }),
      },
      async ({ page }) => {
        const alert = page.getByRole('alert');
        const t0 = Date.now();
        await alert
          .filter({ hasText: '未能加载：头部遮挡（让镜腿藏在头后）' })
          .waitFor({ timeout: SCENE_ASSETS_WAIT_MS + 60_000 });
        const waitedMs = Date.now() - t0;
        console.log(`opened without the occluder after ${waitedMs} ms on /home`);
        expect(await alert.textContent()).toBe(
          '未能加载：头部遮挡（让镜腿藏在头后）。眼镜仍可试戴，刷新页面可重试',
        );
        // Usable meanwhile: the camera starts and the glasses sit at the eyes.
        await startCamera(page);
        await wearGlasses(page, '002');
        await waitForSettled(page);
        expect((await compareGlassesAtEyes(page)).eyes).toBeGreaterThan(8);
        // The late occluder goes in and its name comes off the notice.
        release();
        await alert.waitFor({ state: 'detached', timeout: 30_000 });
        await drawsAgain(page);
      },
    );
  });
});
