// The page fallback runs the worker's very code on the page (where a worker cannot draw WebGL,
// as in WebKitGTK and iOS before 17). Forced here in Chromium so both paths run on every CI run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { DIST_DIR } from './media-helpers';
import { prepareCodedClips } from '../outside/clips.mjs';
import { clipJudge, onEyes, STILL_OFF, untilScreen } from '../outside/poll-screen';
import { ReferenceFaces } from '../outside/reference-faces';
import { shootPicture } from '../outside/screen';
import { selectGlasses, startCamera } from './app-page';
import { withApp } from './app-session';

const camera = (await prepareCodedClips()).still;
let faces: ReferenceFaces;
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
  faces = await ReferenceFaces.of(camera);
});
afterAll(async () => {
  await faces?.close();
  await server?.close();
});

describe('engine paths', () => {
  it('tracks, wears glasses on the eyes and takes a photo on the page path', async () => {
    const options = { cameraY4m: camera.y4m, path: '/home?engine=page' };
    await withApp(server.url, options, async ({ page }) => {
      const chunks: string[] = [];
      page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
      await startCamera(page);
      await selectGlasses(page, '002');
      await untilScreen(
        'page-path',
        () => shootPicture(page),
        clipJudge(camera, faces),
        onEyes(STILL_OFF),
      );
      // The engine's own code ran on the page: its chunk was loaded, the try-on worker never.
      expect(chunks.some((p) => /\/assets\/page-engine-/.test(p))).toBe(true);
      expect(chunks.some((p) => /try-on\.worker/.test(p))).toBe(false);
      // And it keeps going: the screen moves on with the camera's frames.
      const first = await untilScreen(
        'page-path-on',
        () => shootPicture(page),
        clipJudge(camera, faces),
        onEyes(STILL_OFF),
      );
      await untilScreen(
        'page-path-later',
        () => shootPicture(page),
        clipJudge(camera, faces),
        (r) => r.index !== first.index && onEyes(STILL_OFF)(r),
      );
      const photo = page.waitForEvent('download');
      await page.getByRole('button', { name: '拍照' }).click();
      expect((await photo).suggestedFilename()).toBe('merged-screenshot.png');
    });
  });
});
