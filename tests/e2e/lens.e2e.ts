// 镜片 (issue 39, steps 1–2): the prescription form's checks, the worn frame's lens thickness
// and each fitted frame's in the grid, 镜片最薄优先, and the prescription across a reload and
// after 清除处方. The figures are computed here from the frames' own fit (node, the same
// formulas the unit tests check against worked examples): what is judged is that the page
// shows them for the frame worn, the PD and index entered.
import { readFileSync } from 'node:fs';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { decentrationMm, lensThickness } from '../../src/shared/lens-optics';
import type { LensIndex } from '../../src/shared/prescription';
import { fitMeshes } from '../../workers/fit/fit-geometry';
import { computeFit } from '../../workers/fit/glasses-fit';
import { selectGlasses, waitForStats } from './app-page';
import { withApp } from './app-session';
import { choosePhoto, DIST_DIR } from './media-helpers';
import { preparePhotoFixtures } from './photo-fixtures.mjs';

const photos = await preparePhotoFixtures();
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
  return lensThickness(fit.lensOutlineMm!, decentrationMm(lensMm, bridgeMm, 64), rx).thickestEdgeMm;
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
        ).toBe(`边厚 ${edges.get(serial)!.toFixed(1)}`);
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
});
