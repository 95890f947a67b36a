// True size (issue 15): the iris measures the face, the glasses are drawn at their real size on
// it, and the pupillary distance is shown with how it was measured.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idealFrameWidth,
  SIZE_TOLERANCE_MM,
  sizeFit,
} from '../../src/features/true-size/size-advice';
import { startServer } from '../../scripts/serve.mjs';
import { compareGlassesAtEyes, readStats, startCamera, waitForStats } from './app-page';
import { zhCN } from '../../src/i18n/zh-CN';
import { sourcePictureInPage } from './page-checks';
import { referenceFace, type ReferenceFace } from './reference-eyes';
import { withApp } from './app-session';
import { prepareFixtures } from './fixtures.mjs';
import { chooseFile, DIST_DIR, wearGlasses } from './media-helpers';

const fixtures = await prepareFixtures();
/** Two faces of different sizes are needed to see one frame drawn larger on the smaller. */
const TWO_FACES = fixtures.files.length >= 2;
if (!TWO_FACES) {
  console.warn(
    `[true-size] only the generated face (${fixtures.source}): ../shared/assets has no face ` +
      'videos here, so the small-against-large comparison is skipped; each face is still measured.',
  );
}
/**
 * The app's far PD (a median over frames) against the test's own iris-ruler near PD (the median
 * of twenty pictures, see below). Before issue 48 they differed by 3–4 % on webcam-720p60 and
 * 16–17 % on portrait-turn, for two reasons, both wrong: this reading took turned pictures at
 * face value (portrait-turn turns 18° away half the time, which shortened its PD by 8–10 %), and
 * the app took the camera for MediaPipe's 63° one, which put portrait-turn's close crop 20 cm
 * away, so its convergence correction added 5.3 % (the eyes' perspective as she turns puts the
 * camera three times further). Now both undo the turn and the app finds the camera's distance
 * from the turns, and what is left between them is the convergence the far PD adds (2–3 % at a
 * webcam's 35–60 cm) and the pictures' scatter.
 */
const PD_AGREEMENT = 0.05;
/**
 * How far the front's growth may stray from 1 / the face's scale: about 3.5 px of the front's
 * 180 on webcam-720p60, where it read 0.990–1.003 paused at fourteen points of the clip, 30° of
 * roll included.
 */
const FRONT_GROWTH_TOLERANCE = 0.02;

/**
 * The pictures whose iris ruler the reference can trust: open eyes (a lid gap of at least a fifth
 * of the eye's width); turned less than about 28° (the turn shortens the pupils' line by under
 * 12 %); and an iris not shrunk against its eye's own width, beyond 8 % under the pictures'
 * median. On webcam-720p60 the detector's iris ring collapses now and then as the face moves (an
 * iris 0.31–0.38 of its eye's width against 0.42–0.45 in the sharp pictures), and the turn it
 * undoes overshoots on a face turned 32–42° (its line shortened to 0.74–0.84): each such picture
 * reads the PD 12–50 % wide, and ten such of twenty would make the median one of them.
 */
function trustedIrisReadings(found: ReferenceFace[]): ReferenceFace[] {
  const usable = found.filter(
    (f) => f.eyeOpenPx >= f.eyeWidthPx / 5 && f.pupilsPx / f.facingPupilsPx >= 0.88,
  );
  const shares = usable.map((f) => f.irisPx / f.eyeWidthPx).sort((a, b) => a - b);
  const median = shares[Math.floor(shares.length / 2)] ?? 0;
  return usable.filter((f) => f.irisPx / f.eyeWidthPx >= median * 0.92);
}

let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

interface Measured {
  name: string;
  pdMm: number;
  faceWidthMm: number;
  faceScale: number;
  /** The front's height through the eyes at true size ÷ at the average size. */
  frontGrowth: number;
}

const measured: Measured[] = [];

/**
 * Waits until the paused face's estimate has taken its last frames: the detections out at the
 * pause, and the paused picture's own, come after it (57 frames at the pause, 62 a second later,
 * the face 1.2 mm narrower, beside three busy loops). The paused picture is drawn, tracked as
 * itself, and drawn again with its own pose (pipeline/kept-picture.ts), so settled is: no frame
 * out to the engine, the last change a detection's, and nothing moved for a second and a half
 * since, or for four seconds (a lane run settled on a draw that waited for its detection: the
 * face read 149.8 mm, then 149.1).
 */
async function measureSettled(page: Page): Promise<void> {
  const stats = page.getByTestId('pipeline-stats');
  const watched = [
    'worker-tracked',
    'in-flight',
    'measured-frames',
    'pd-mm',
    'face-width-mm',
    'drawn',
  ];
  const state = () =>
    stats.evaluate((el, names) => names.map((n) => el.getAttribute(`data-${n}`) ?? ''), watched);
  let last = await state();
  let since = Date.now();
  let trackedLast = false;
  const deadline = Date.now() + 20_000;
  // Unchanged for longer, the paused picture's detection came before the first look.
  const settled = () => Date.now() - since >= (trackedLast ? 1_500 : 4_000) && last[1] === '0';
  while (!settled()) {
    expect(Date.now(), 'the paused estimate still takes frames').toBeLessThan(deadline);
    await page.waitForTimeout(100);
    const now = await state();
    if (now.join() === last.join()) continue;
    trackedLast = now[0] !== last[0];
    [last, since] = [now, Date.now()];
  }
  console.log(`settled: ${watched.map((n, i) => `${n} ${last[i]}`).join(', ')}`);
}

/**
 * Each cell says whether its front suits the measured face (size-advice.ts's rule, widths from
 * the manifest), 合适尺寸优先 puts the best fitting first and back again, and 只看合适尺寸 shows
 * only those that suit.
 */
async function checkSizeAdvice(page: Page): Promise<void> {
  const faceWidthMm = (await readStats(page)).faceWidthMm!;
  const entries = await page.evaluate(async () => {
    const response = await fetch('/others/manifest.json');
    return (await response.json()) as { serialNo: string; frameWidthMm: number }[];
  });
  const ideal = idealFrameWidth(faceWidthMm);
  const tags = page.locator('.model-cell .size-tag');
  await expect.poll(() => tags.count()).toBe(entries.length);
  for (const { serialNo, frameWidthMm } of entries) {
    // Skip a front on the rule's very edge: the estimate may move a little meanwhile.
    if (Math.abs(Math.abs(frameWidthMm - ideal) - SIZE_TOLERANCE_MM) < 1) continue;
    const tag = page.locator(`.model-cell[data-serial="${serialNo}"] .size-tag`);
    expect(await tag.getAttribute('data-fit')).toBe(sizeFit(frameWidthMm, faceWidthMm));
  }
  const fits = entries.filter((e) => sizeFit(e.frameWidthMm, faceWidthMm) === 'fits');
  console.log(`face ${faceWidthMm} mm: fits ${fits.map((e) => e.serialNo).join(' ')}`);
  expect(fits.length).toBeGreaterThan(0);
  expect(fits.length).toBeLessThan(entries.length);

  const order = () =>
    page.locator('.model-cell').evaluateAll((cells) => cells.map((c) => c.dataset.serial!));
  const before = await order();
  const toggle = page.getByRole('button', { name: '合适尺寸优先' });
  await toggle.click();
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  const width = new Map(entries.map((e) => [e.serialNo, e.frameWidthMm]));
  const distances = (await order()).map((serial) => Math.abs(width.get(serial)! - ideal));
  // The order is judged against the width read before it: the paused estimate has not moved.
  expect((await readStats(page)).faceWidthMm).toBe(faceWidthMm);
  for (let i = 1; i < distances.length; i++)
    expect(distances[i]! + 1).toBeGreaterThanOrEqual(distances[i - 1]!);
  expect(await page.locator('.model-cell').first().locator('.size-tag').textContent()).toBe(
    '尺寸合适',
  );
  await toggle.click();
  expect(await order()).toEqual(before);

  // 只看合适尺寸 leaves the frames that suit, and is in the address; frames on the rule's very
  // edge may go either way.
  const onlyFits = page.getByRole('button', { name: '只看合适尺寸' });
  await onlyFits.click();
  await expect.poll(() => order()).not.toEqual(before);
  const left = new Set(await order());
  for (const { serialNo, frameWidthMm } of entries) {
    if (Math.abs(Math.abs(frameWidthMm - ideal) - SIZE_TOLERANCE_MM) < 1) continue;
    const suits = sizeFit(frameWidthMm, faceWidthMm) === 'fits';
    expect(left.has(serialNo), serialNo).toBe(suits);
  }
  expect(new URL(page.url()).searchParams.get('fit')).toBe('1');
  await onlyFits.click();
  await expect.poll(() => order()).toEqual(before);
}

describe(`true size on the ${fixtures.source} videos`, () => {
  it.each(fixtures.files)('measures $name steadily and plausibly, and says how', async (file) => {
    await withApp(server.url, {}, async ({ page }) => {
      await chooseFile(page, file.mp4);
      await wearGlasses(page, '002');
      const first = await waitForStats(page, (s) => s.pdMm !== null, 120_000);
      // Five seconds of playback: the estimate holds still and stays within adult PDs.
      const pds: number[] = [first.pdMm!];
      // The video's frame at every step, for the independent reading below (one can mislead it: a
      // blink, which the app's own estimate refuses). Twenty keep the median within a few tenths
      // of a millimetre from run to run on webcam-720p60, where ten let it wander by more than one
      // (the commit that made it twenty gives the figures).
      const pictures: string[] = [];
      for (let i = 0; i < 20; i++) {
        await page.waitForTimeout(250);
        const stats = await readStats(page);
        expect(stats.pdMm).not.toBeNull();
        pds.push(stats.pdMm!);
        pictures.push(await page.evaluate(sourcePictureInPage));
      }
      const spread = Math.max(...pds) - Math.min(...pds);
      console.log(`${file.name}: PD ${Math.min(...pds)}–${Math.max(...pds)} mm`);
      expect(spread).toBeLessThan(3);
      for (const pd of pds) {
        expect(pd).toBeGreaterThan(54);
        expect(pd).toBeLessThan(74);
      }

      // Paused, the estimate holds still while the badge, its explanation and the advice are read
      // against it: playing, it moved 1.2 mm between the test's reading and the app's sorting under
      // CI's load, and across a rounding edge (64.04–64.77 mm) between the badge and its dialog.
      await page.getByRole('button', { name: '暂停' }).click();
      await measureSettled(page);
      // The badge says it once stable; a tap explains the method, its limits and the optician.
      const badge = page.getByRole('button', { name: /^瞳距约 \d+ 毫米（±\d+）$/ });
      await badge.waitFor({ timeout: 5_000 });
      // Read and tapped in one task: the dialog shows the figures as they were at the tap. Paused,
      // the estimate can still take the paused picture's own tracking after the wait above (a
      // lane run under load: the badge read 64, and 65 by the time a separate tap came).
      await badge.click({ trial: true }); // visible, enabled and not covered: a user can tap it
      const tapped = await badge.evaluate((el: HTMLElement) => {
        const text = el.textContent ?? '';
        el.click();
        return text;
      });
      const shown = Number(tapped.match(/\d+/)![0]);
      expect(Math.abs(shown - pds.at(-1)!)).toBeLessThanOrEqual(1);
      const dialog = page.getByRole('dialog', { name: '瞳距和脸宽是怎么量的' });
      await dialog.waitFor();
      const text = (await dialog.textContent())!;
      expect(text).toContain(`测得瞳距约 ${shown} 毫米`);
      expect(text).toContain('11.7 毫米');
      expect(text).toContain('远用瞳距');
      await dialog.getByRole('button', { name: '知道了' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // On a phone held sideways the explanation is taller than the screen: it opens at its
      // title, not scrolled to its button at the end.
      const upright = page.viewportSize()!;
      await page.setViewportSize({ width: 844, height: 390 });
      await badge.click();
      await dialog.waitFor();
      const [title, box] = await Promise.all([
        dialog.getByRole('heading').boundingBox(),
        dialog.boundingBox(),
      ]);
      expect(title!.y).toBeGreaterThanOrEqual(box!.y);
      await dialog.getByRole('button', { name: '知道了' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.setViewportSize(upright);
      await checkSizeAdvice(page);

      // The glasses on this face, from the picture's own pixels: one paused picture with its
      // own pose, drawn at this face's size and at the average face's.
      const stats = await readStats(page);
      // The PD against an independent reading of the same pictures: the test's own detector run,
      // iris diameter as the ruler (11.7 mm), the turn undone by that detector's own pose, giving
      // the near PD at the camera's distance; the median of the readings it can trust.
      const found: ReferenceFace[] = [];
      for (const picture of pictures) {
        const reference = await referenceFace(page.context(), picture);
        if (reference) found.push(reference);
      }
      const readings = trustedIrisReadings(found).map((f) => (11.7 * f.facingPupilsPx) / f.irisPx);
      console.log(`${file.name}: ${readings.length} of ${found.length} readings trusted`);
      expect(readings.length).toBeGreaterThanOrEqual(5);
      const referencePd = [...readings].sort((a, b) => a - b)[Math.floor(readings.length / 2)]!;
      const cameraScale = await page
        .getByTestId('pipeline-stats')
        .getAttribute('data-camera-scale');
      console.log(
        `${file.name}: PD ${stats.pdMm} mm, reference ${referencePd.toFixed(1)} mm ` +
          `(readings ${readings.map((r) => r.toFixed(1)).join(', ')}), face ` +
          `${stats.faceWidthMm} mm wide, camera ${cameraScale} × the 63° camera's distance`,
      );
      expect(Math.abs(stats.pdMm! / referencePd - 1)).toBeLessThan(PD_AGREEMENT);
      // One kept picture and pose, the glasses drawn at this face's size and at the average's.
      const atAverageSize = await compareGlassesAtEyes(page, true);
      const atTrueSize = atAverageSize.atTrueSize!;
      console.log(`${file.name}: glasses`, JSON.stringify({ atTrueSize, atAverageSize }));
      expect(atTrueSize.eyeSpanPx).toBe(atAverageSize.eyeSpanPx);
      expect(atAverageSize.glassesSizePx).toBeGreaterThan(atAverageSize.eyeSpanPx / 2);
      measured.push({
        name: file.name,
        pdMm: stats.pdMm!,
        faceWidthMm: stats.faceWidthMm!,
        faceScale: stats.faceScale!,
        frontGrowth: atTrueSize.frontHeightPx / atAverageSize.frontHeightPx,
      });
    });
  });

  // A head that has not turned leaves the camera's distance to a guess, which moves the face's
  // width by a tenth (face-measure.ts): no frame is called too narrow or too wide on it.
  it('asks for a turn of the head before judging sizes on a face that keeps still', async () => {
    await withApp(server.url, { cameraY4m: fixtures.still.y4m }, async ({ page }) => {
      await startCamera(page);
      const badge = page.getByRole('button', { name: /^瞳距约 \d+ 毫米（±\d+）$/ });
      await badge.waitFor({ timeout: 90_000 });
      await page.getByText(zhCN.sizeWaitsForTurn).waitFor({ timeout: 5_000 });
      expect(await page.locator('.model-cell').count()).toBeGreaterThan(0);
      expect(await page.locator('.model-cell .size-tag').count()).toBe(0);
      expect(await page.getByRole('button', { name: '只看合适尺寸' }).count()).toBe(0);
      await badge.click();
      const dialog = page.getByRole('dialog', { name: '瞳距和脸宽是怎么量的' });
      expect(await dialog.textContent()).toContain(zhCN.measureCameraUnknown);
    });
  });

  it.skipIf(!TWO_FACES)(
    'draws the same frame larger on the smaller face, by the ratio of the faces',
    async () => {
      console.log('true size', JSON.stringify(measured));
      expect(measured).toHaveLength(fixtures.files.length);
      // The size the glasses follow is the eyes' span (the face's scale), not the temples' width:
      // portrait-turn's face is the narrower (143 mm against 149 mm since issue 48, when her
      // temples stopped being read 20 cm away) but its eyes are set 6 % wider apart.
      const [small, large] = [...measured].sort((a, b) => a.faceScale - b.faceScale);
      expect(large!.faceScale / small!.faceScale).toBeGreaterThan(1.03);
      for (const face of measured) {
        // Against the average size, the front grows by 1 / the face's measured scale. Measured
        // by its height across the eye line, where no temple runs (upright columns read up to
        // 2.6 % more on a head rolled 30°, which a loaded machine paused on in CI). By area (the
        // square root of all the pixels the glasses change) it was 0.972–1.049, as the fitted
        // head hid more or less of the temples' ends at the two sizes. At the average size it
        // would be off by the scale itself (6–7 % on the webcam face).
        expect(Math.abs(face.frontGrowth * face.faceScale - 1), face.name).toBeLessThan(
          FRONT_GROWTH_TOLERANCE,
        );
      }
      // The smaller face's frame grows more: 1.056 and 1.062 times the other's here.
      expect(small!.frontGrowth).toBeGreaterThan(large!.frontGrowth * 1.03);
    },
  );
});
