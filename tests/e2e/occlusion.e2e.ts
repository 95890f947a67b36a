// The head hides the far temple (issue 52): photos of a real head turned away, worn with a frame
// whose temples glow green (marked-temples.mjs), judged on the screen against the same picture
// held bare: the temple on the side the face turns from must not show inside the face's outline,
// found by an independent detector on the bare picture. Nothing read from the app decides it.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { markedTemples } from '../corpus/marked-temples.mjs';
import { decodePicture } from '../outside/picture-judge';
import type { Shot } from '../outside/screen';
import { closeReference, detectLandmarks } from '../outside/reference-faces';
import { backdrop, templeHide, type TempleHide } from '../outside/temple-hide';
import { readStats, wearGlasses } from './app-page';
import { withApp } from './app-session';
import { CACHE, ffmpegCached, prepareFixtures } from './fixtures.mjs';
import { trackedSince, wornThenBare } from './held-picture';
import { choosePhoto } from './media-helpers';

const fixtures = await prepareFixtures();
/** The astronaut only rolls its head: a turned head needs the real footage. */
const WHY_SKIPPED =
  fixtures.source === 'shared' ? '' : 'no ../shared/assets/video here: no head turned away';
if (WHY_SKIPPED) console.warn(`[occlusion] skipped: ${WHY_SKIPPED}`);
/** portrait-turn's head turned furthest (seconds; 19° and 18° to the reference), each a photo. */
const TURNED_AT = ['0.6', '3.0'];
const SERIAL = '901';
/** The frame with green temples: the black acetate frame's (thick temples). */
const SOURCE = 'public/models/002.glb';
/**
 * Far-temple pixels allowed on the head (HEAD_MARGIN_PX inside the backdrop's edge), as a share
 * of all the temples' pixels on the picture: the average head let 0.086 and 0.082 of them show
 * over the far cheek and eye, the head fitted to the face none (this test, run both ways).
 */
const FAR_ON_HEAD = 0.02;

let server: { url: string; close(): Promise<void> };
let root: string;
beforeAll(async () => {
  if (WHY_SKIPPED) return;
  root = await mkdtemp(join(tmpdir(), 'occlusion-'));
  await cp('dist', root, { recursive: true });
  const glb = await markedTemples(new Uint8Array(await readFile(SOURCE)));
  await writeFile(join(root, 'models/marked-temples.glb'), glb);
  const manifest = JSON.parse(await readFile(join(root, 'others/manifest.json'), 'utf8'));
  manifest.push({
    value: 'models/marked-temples.glb',
    serialNo: SERIAL,
    text: '绿色镜腿',
    size: glb.byteLength,
    sha256: createHash('sha256').update(glb).digest('hex'),
  });
  for (const suffix of ['', '.br', '.gz'])
    await rm(join(root, `others/manifest.json${suffix}`), { force: true });
  await writeFile(join(root, 'others/manifest.json'), JSON.stringify(manifest));
  server = await startServer({ dir: root, port: 0 });
});
afterAll(async () => {
  await closeReference();
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** portrait-turn's frame at `at` seconds, as a PNG photo. */
async function turnedPhoto(at: string): Promise<string> {
  const moving = fixtures.files[0]!.mp4;
  const photo = join(CACHE, `turned-${at}.png`);
  await ffmpegCached(photo, [moving], ['-ss', at, '-i', moving, '-frames:v', '1', '-update', '1']);
  return photo;
}

/** How far a pose (column-major 4×4) turns the face about the picture's vertical, degrees. */
const turnDeg = (m: number[]) =>
  (Math.asin(Math.min(1, Math.abs(m[2]!) / Math.hypot(m[0]!, m[1]!, m[2]!))) * 180) / Math.PI;

/** Each turned photo worn with the green temples, judged against itself held bare. */
async function judged() {
  const photos = await Promise.all(TURNED_AT.map(turnedPhoto));
  return withApp(server.url, { path: '/home?stats&shadow=off' }, async ({ page }) => {
    const out: { at: string; yawDeg: number; hide: TempleHide; key: Record<string, boolean> }[] =
      [];
    let previous: Shot | null = null;
    for (const [k, photo] of photos.entries()) {
      const tracked = (await readStats(page)).workerTracked;
      await choosePhoto(page, photo);
      await trackedSince(page, tracked);
      if (k === 0) await wearGlasses(page, SERIAL);
      const { worn, bare } = await wornThenBare(page, previous);
      previous = worn;
      const [a, b] = await Promise.all([decodePicture(worn.png), decodePicture(bare.png)]);
      const face = await detectLandmarks(b);
      expect(face, `the reference finds the face at ${TURNED_AT[k]} s`).not.toBeNull();
      const nose = face!.points[1]!;
      out.push({
        at: TURNED_AT[k]!,
        yawDeg: turnDeg(face!.matrix),
        hide: templeHide(a, b, face!, [...worn.covered, ...bare.covered]),
        // The backdrop key reads the picture's left edge as backdrop and the nose as the head.
        key: {
          edge: backdrop(b, Math.round(b.height / 2) * b.width),
          nose: backdrop(b, Math.round(nose.y * b.height) * b.width + Math.round(nose.x * b.width)),
        },
      });
    }
    return out;
  });
}

describe.skipIf(WHY_SKIPPED)('the head hides what is behind it', () => {
  it('shows none of the far temple on a head turned away', async () => {
    const seen = await judged();
    console.log('temple hide:', JSON.stringify(seen));
    for (const { at, yawDeg, hide, key } of seen) {
      // The photo is of a head turned away, read by its backdrop, and the temples are drawn.
      expect(yawDeg, `turn at ${at} s`).toBeGreaterThan(15);
      expect(key, `backdrop key at ${at} s`).toEqual({ edge: true, nose: false });
      expect(hide.nearPx, `near temple at ${at} s`).toBeGreaterThan(100);
      const share = hide.farOnHeadPx / (hide.farPx + hide.nearPx);
      expect(share, `far temple on the head at ${at} s`).toBeLessThan(FAR_ON_HEAD);
    }
  });
});
