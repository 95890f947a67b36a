// 镜片 (issue 39, steps 1–2): the prescription form's checks, the worn frame's lens thickness
// and each fitted frame's in the grid, 镜片最薄优先, and the prescription across a reload and
// after 清除处方. The figures are computed here from the frames' own fit (node, the same
// formulas the unit tests check against worked examples): what is judged is that the page
// shows them for the frame worn, the PD and index entered.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { decentrationMm } from '../../src/shared/lens/lens-optics';
import { eyeMagnification } from '../../src/shared/lens/lens-magnification';
import { thickerLens } from '../../src/shared/lens/lens-thickness';
import type { LensIndex } from '../../src/shared/lens/prescription';
import { fitMeshes } from '../../workers/fit/fit-geometry';
import { computeFit } from '../../workers/fit/glasses-fit';
import { selectGlasses, waitForStats } from './app-page';
import { stashPairInPage } from './page-checks';
import { withApp } from './app-session';
import { chooseFile, choosePhoto, DIST_DIR } from './media-helpers';
import { prepareFixtures } from './fixtures.mjs';
import { preparePhotoFixtures } from './photo-fixtures.mjs';

const photos = await preparePhotoFixtures();
const fixtures = await prepareFixtures();
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await startServer({ dir: DIST_DIR, port: 0 });
});
afterAll(() => server?.close());

/** The thickest edge of frame `serial` for −6.00 D at `index`, PD 64 mm, from its own fit. */
async function expectedEdge(serial: string, index: LensIndex): Promise<number> {
  const bytes = readFileSync(`${DIST_DIR}/models/${serial}.glb`);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const model = (await new GLTFLoader().parseAsync(buffer as ArrayBuffer, '')).scene;
  const fit = computeFit(fitMeshes(model).meshes);
  const { lensMm, bridgeMm } = fit.frameSize;
  const rx = { sphere: -6, cylinder: 0, axis: 0, index, pdMm: 64 };
  const lens = thickerLens(fit.lensOutlineMm!, decentrationMm(lensMm, bridgeMm, 64), rx);
  if (!lens.ok) throw new Error(`frame ${serial} cannot take −6.00 D in ${index}`);
  return lens.thickestEdgeMm;
}

/**
 * In the page: the pixels that differ (summed channels > 30) between two stashed pictures
 * (`window[before]`, `window[after]`, capturePair's), by where they are: within 0.6 eye spans of
 * an eye (inside the lenses) or not, and the nearest and farthest of them from their eye, in
 * eye spans. `eyes`: [x0, y0, x1, y1] as fractions of the picture. With `mask`, the changed
 * pixels (grown by 3 px) are kept as `window[mask]`, one byte per pixel.
 */
async function changedPixels(args: {
  before: string;
  after: string;
  eyes: number[];
  mask?: string;
}) {
  type Pair = { withGlasses: Blob };
  const w = window as unknown as Record<string, Pair | Uint8Array>;
  const pixels = async (blob: Blob) => {
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    return context.getImageData(0, 0, bitmap.width, bitmap.height);
  };
  const before = await pixels((w[args.before] as Pair).withGlasses);
  const after = await pixels((w[args.after] as Pair).withGlasses);
  const { width, height } = before;
  const [lx, ly, rx, ry] = args.eyes.map((v, i) => v * (i % 2 === 0 ? width : height));
  const span = Math.hypot(rx! - lx!, ry! - ly!);
  let [inside, outside, nearest, farthest] = [0, 0, Infinity, 0];
  const mask = args.mask ? new Uint8Array(width * height) : null;
  for (let i = 0; i < before.data.length; i += 4) {
    let d = 0;
    for (let c = 0; c < 3; c++) d += Math.abs(before.data[i + c]! - after.data[i + c]!);
    if (d <= 30) continue;
    const x = (i / 4) % width;
    const y = Math.floor(i / 4 / width);
    const near = Math.min(Math.hypot(x - lx!, y - ly!), Math.hypot(x - rx!, y - ry!)) / span;
    if (near < 0.6) inside++;
    else outside++;
    nearest = Math.min(nearest, near);
    farthest = Math.max(farthest, near);
    if (!mask) continue;
    for (let dy = -3; dy <= 3; dy++)
      for (let dx = -3; dx <= 3; dx++) mask[(y + dy) * width + x + dx] = 1;
  }
  if (mask) w[args.mask!] = mask;
  return { inside, outside, span, nearest, farthest };
}

describe('镜片: a prescription and how thick its lenses get', () => {
  it('checks the entry, shows the worn frame’s and each frame’s edge, sorts, keeps and clears it', async () => {
    await withApp(server.url, {}, async ({ page }) => {
      await choosePhoto(page, photos.face);
      await waitForStats(page, (s) => s.face === 1, 60_000);
      await selectGlasses(page, '002');
      const open = page.getByRole('button', { name: '镜片', exact: true });
      await open.click();
      const form = page.getByRole('dialog', { name: '我的镜片（处方）' });
      await form.getByText('仅用于预览效果，不能用于配镜；只保存在本机。').waitFor();
      // A cylinder without its axis, and a PD out of range: each said by its field.
      await form.getByLabel('柱镜（散光）').selectOption('-1');
      await form.getByLabel('瞳距（毫米）').fill('90');
      await form.getByRole('button', { name: '保存' }).click();
      await form.getByText('有柱镜时请填写轴位（1–180）').waitFor();
      await form.getByText('瞳距需在 45 到 80 毫米之间').waitFor();
      await form.getByLabel('轴位（1–180°）').fill('181');
      await form.getByRole('button', { name: '保存' }).click();
      await form.getByText('轴位需为 1 到 180 之间的整数').waitFor();
      // A valid one: −6.00, no cylinder, 1.60, PD 64.
      await form.getByLabel('柱镜（散光）').selectOption('0');
      await form.getByLabel('球镜（近视为负）').selectOption('-6');
      await form.getByLabel('镜片折射率').selectOption('1.6');
      await form.getByLabel('瞳距（毫米）').fill('64');
      await form.getByRole('button', { name: '保存' }).click();
      await page.getByText('处方已保存在本机').waitFor();
      const summary = page.locator('.lens-summary');
      const edge002 = (await expectedEdge('002', 1.6)).toFixed(1);
      await summary.getByText(`002 商务方框：边缘最厚约 ${edge002} 毫米（折射率 1.60）`).waitFor();
      const byIndex = await summary.locator('.lens-by-index').textContent();
      expect(byIndex).toContain(`1.74：${(await expectedEdge('002', 1.74)).toFixed(1)} 毫米`);
      expect(byIndex).toContain(`1.50：${(await expectedEdge('002', 1.5)).toFixed(1)} 毫米`);

      // Every frame fitted by 全部试戴: each cell says its edge, and 镜片最薄优先 sorts by it.
      await page.locator('.try-all').click();
      const sheet = page.getByRole('dialog', { name: '全部试戴' });
      await expect
        .poll(() => sheet.locator('li[data-state="done"]').count(), { timeout: 120_000 })
        .toBe(await sheet.locator('.try-all-grid li').count());
      await sheet.getByRole('button', { name: '关闭' }).click();
      const serials = ['001', '002', '003', '004', '005', '006', '007', '008'];
      const edges = new Map<string, number>();
      for (const serial of serials) edges.set(serial, await expectedEdge(serial, 1.6));
      for (const serial of serials) {
        expect(
          await page.locator(`.model-cell[data-serial="${serial}"] .lens-edge-tag`).textContent(),
        ).toBe(`边厚 ${edges.get(serial)!.toFixed(1)} 毫米`);
      }
      await page.getByRole('button', { name: '镜片最薄优先' }).click();
      const order = await page
        .locator('.model-cell')
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-serial')));
      const thinFirst = [...serials].sort((a, b) => edges.get(a)! - edges.get(b)!);
      expect(order.slice(0, serials.length)).toEqual(thinFirst);

      // Kept on the device: after a reload the form shows it again; 清除处方 removes it.
      await page.reload();
      await expect.poll(() => open.getAttribute('aria-pressed'), { timeout: 60_000 }).toBe('true');
      await open.click();
      expect(await form.getByLabel('球镜（近视为负）').inputValue()).toBe('-6');
      expect(await form.getByLabel('瞳距（毫米）').inputValue()).toBe('64');
      await form.getByRole('button', { name: '清除处方' }).click();
      await page.getByText('处方已清除').waitFor();
      await page.reload();
      await expect.poll(() => open.getAttribute('aria-pressed'), { timeout: 60_000 }).toBe('false');
    });
  });

  it('shows the eyes behind −6.00 D smaller and behind +3.00 D larger, by the lens’s factor; a tint changes the lenses only', async () => {
    await withApp(server.url, {}, async ({ page }) => {
      // A face with open eyes (the turning portrait's), held still: a paused video.
      await chooseFile(page, fixtures.files[0]!.mp4);
      await waitForStats(page, (s) => s.face === 1 && s.freshPoses >= 3, 120_000);
      await page.getByRole('button', { name: '暂停' }).click();
      // A rimless frame: the reference detector sees the irises through the lenses only.
      await selectGlasses(page, '006');
      /**
       * The picture's scale inside the lens about each eye, against the same glasses without a
       * prescription (stashed in `__plain`): the scale s (and a small shift) for which the plain
       * picture, scaled by s about the eye, best matches this one over a disc inside the lens
       * (sum of squared differences, every 0.25 %): measured from the pixels, not taken from
       * the app. The eye centres only place the disc.
       */
      const scaleInLens = () =>
        page.evaluate(async () => {
          type Pair = { withGlasses: Blob; eyes: number[] };
          const w = window as unknown as { __plain: Pair; __testPair: Pair; __band?: Uint8Array };
          const pixels = async (blob: Blob) => {
            const bitmap = await createImageBitmap(blob);
            const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
            const context = canvas.getContext('2d')!;
            context.drawImage(bitmap, 0, 0);
            return context.getImageData(0, 0, bitmap.width, bitmap.height);
          };
          const plain = await pixels(w.__plain.withGlasses);
          const now = await pixels(w.__testPair.withGlasses);
          const { width, height } = plain;
          const grey = (img: ImageData, x: number, y: number) => {
            const i = (Math.round(y) * width + Math.round(x)) * 4;
            return img.data[i]! + img.data[i + 1]! + img.data[i + 2]!;
          };
          const sample = (img: ImageData, x: number, y: number) => {
            const x0 = Math.floor(x);
            const y0 = Math.floor(y);
            const fx = x - x0;
            const fy = y - y0;
            const g = (a: number, b: number) => grey(img, a, b);
            return (
              (g(x0, y0) * (1 - fx) + g(x0 + 1, y0) * fx) * (1 - fy) +
              (g(x0, y0 + 1) * (1 - fx) + g(x0 + 1, y0 + 1) * fx) * fy
            );
          };
          const [lx, ly, rx, ry] = w.__plain.eyes.map((v, i) => v * (i % 2 ? height : width));
          const span = Math.hypot(rx! - lx!, ry! - ly!);
          const r = 0.22 * span;
          const scales: number[] = [];
          for (const [cx, cy] of [
            [lx!, ly!],
            [rx!, ry!],
          ] as const) {
            let best = { s: 1, error: Infinity };
            for (let s = 0.85; s <= 1.15; s += 0.0025) {
              for (let dx = -3; dx <= 3; dx += 1.5) {
                for (let dy = -3; dy <= 3; dy += 1.5) {
                  let error = 0;
                  for (let y = -r; y <= r; y += 2) {
                    for (let x = -r; x <= r; x += 2) {
                      if (x * x + y * y > r * r) continue;
                      const at = Math.round(cy + y) * width + Math.round(cx + x);
                      if (w.__band?.[at]) continue;
                      const d =
                        grey(now, cx + x, cy + y) - sample(plain, cx + dx + x / s, cy + dy + y / s);
                      error += d * d;
                    }
                  }
                  if (error < best.error) best = { s, error };
                }
              }
            }
            scales.push(best.s);
          }
          return scales;
        });
      const stashPlain = () =>
        page.evaluate(() => {
          const w = window as unknown as { __plain: unknown; __testPair: unknown };
          w.__plain = w.__testPair;
        });
      /** The eyes and lenses of the picture just stashed, to test-results/lens/ (for looking at). */
      const keepPicture = async (name: string) => {
        const png = await page.evaluate(async () => {
          type Pair = { withGlasses: Blob; eyes: number[] };
          const pair = (window as unknown as { __testPair: Pair }).__testPair;
          const bitmap = await createImageBitmap(pair.withGlasses);
          const [lx, ly, rx, ry] = pair.eyes.map(
            (v, i) => v * (i % 2 ? bitmap.height : bitmap.width),
          );
          const span = Math.hypot(rx! - lx!, ry! - ly!);
          const canvas = new OffscreenCanvas(Math.round(2.4 * span), Math.round(0.9 * span));
          const x = (lx! + rx!) / 2 - 1.2 * span;
          const y = (ly! + ry!) / 2 - 0.45 * span;
          canvas.getContext('2d')!.drawImage(bitmap, -x, -y);
          const blob = await canvas.convertToBlob({ type: 'image/png' });
          return Array.from(new Uint8Array(await blob.arrayBuffer()));
        });
        await mkdir('test-results/lens', { recursive: true });
        await writeFile(`test-results/lens/${name}.png`, Uint8Array.from(png));
      };
      await page.evaluate(stashPairInPage, false);
      await keepPicture('lens-none');
      await stashPlain();
      const open = page.getByRole('button', { name: '镜片', exact: true });
      const form = page.getByRole('dialog', { name: '我的镜片（处方）' });
      const enter = async (sphere: string, index = '1.6') => {
        await open.click();
        await form.getByLabel('球镜（近视为负）').selectOption(sphere);
        await form.getByLabel('镜片折射率').selectOption(index);
        await form.getByLabel('瞳距（毫米）').fill('64');
        await form.getByRole('button', { name: '保存' }).click();
        await form.waitFor({ state: 'hidden' });
        await page.waitForTimeout(500);
        await page.evaluate(stashPairInPage, false);
        await keepPicture(`lens-${sphere}-${index}`);
      };
      const keepAs = (name: string) =>
        page.evaluate((key) => {
          const w = window as unknown as Record<string, unknown>;
          w[key] = w.__testPair;
        }, name);
      // The edge's band: −6.00 D in 1.50 against 1.74 scales the eyes alike (the power's factor)
      // but its edge is thicker, so the two pictures differ only in a thin ring at the rims: not
      // about the eyes (no rim is that near a pupil, even on a turned head's lens), not outside
      // the lenses, and over far less than the lenses' area (each ~0.4 eye spans² here).
      const { appEyes } = await page.evaluate(stashPairInPage, false);
      await enter('-6', '1.5');
      await keepAs('__thick');
      await enter('-6', '1.74');
      const band = await page.evaluate(changedPixels, {
        before: '__thick',
        after: '__testPair',
        eyes: appEyes,
        mask: '__band',
      });
      console.log(`the edge's band, 1.50 against 1.74: ${JSON.stringify(band)}`);
      expect(band.inside).toBeGreaterThan(0.01 * band.span * band.span);
      expect(band.inside).toBeLessThan(0.2 * band.span * band.span);
      expect(band.outside).toBe(0);
      expect(band.nearest).toBeGreaterThan(0.08);
      // The scale, away from the band (1.50's, wider than 1.60's): a turned head's lens has its
      // rim within the disc.
      await enter('-6');
      const minus = await scaleInLens();
      await enter('3');
      const plus = await scaleInLens();
      const expected = {
        minus: eyeMagnification(
          { sphere: -6, cylinder: 0, axis: 180, index: 1.6, pdMm: null },
          null,
        ).alongAxis,
        plus: eyeMagnification({ sphere: 3, cylinder: 0, axis: 180, index: 1.6, pdMm: null }, null)
          .alongAxis,
      };
      console.log(
        `scale inside the lenses (right, left eye): −6.00 D ${minus.map((s) => s.toFixed(4))} ` +
          `(lens ${expected.minus.toFixed(4)}), +3.00 D ${plus.map((s) => s.toFixed(4))} ` +
          `(lens ${expected.plus.toFixed(4)})`,
      );
      for (const s of minus) expect(Math.abs(s / expected.minus - 1)).toBeLessThan(0.03);
      for (const s of plus) expect(Math.abs(s / expected.plus - 1)).toBeLessThan(0.03);

      // A grey tint at 75 %: it changes the picture only inside the lenses, around the eyes.
      const untinted = await page.evaluate(stashPairInPage, false);
      await keepAs('__untinted');
      await open.click();
      await form.getByLabel('染色').selectOption('grey');
      await form.getByLabel('浓度').selectOption('0.75');
      await form.getByRole('button', { name: '保存' }).click();
      await form.waitFor({ state: 'hidden' });
      await page.waitForTimeout(500);
      await page.evaluate(stashPairInPage, false);
      const tint = await page.evaluate(changedPixels, {
        before: '__untinted',
        after: '__testPair',
        eyes: untinted.appEyes,
      });
      console.log(`tint: ${tint.inside} px changed around the eyes, ${tint.outside} elsewhere`);
      expect(tint.inside).toBeGreaterThan(0.5 * tint.span * tint.span);
      expect(tint.outside).toBeLessThan(0.01 * tint.inside);

      // 按住看无镜片效果: while held, the same glasses as without a prescription or tint.
      await page.getByRole('button', { name: '按住看无镜片效果' }).hover();
      await page.mouse.down();
      await expect
        .poll(() =>
          page.getByRole('button', { name: '按住看无镜片效果' }).getAttribute('aria-pressed'),
        )
        .toBe('true');
      await page.waitForTimeout(500);
      await page.evaluate(stashPairInPage, false);
      await page.mouse.up();
      const held = await page.evaluate(changedPixels, {
        before: '__plain',
        after: '__testPair',
        eyes: appEyes,
      });
      console.log(`held, against no prescription: ${JSON.stringify(held)}`);
      expect(held.inside + held.outside).toBeLessThan(0.1 * tint.inside);
    });
  });
});
