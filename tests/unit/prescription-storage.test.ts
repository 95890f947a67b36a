// The prescription is kept on this device only (ModelDB `prescription`): it survives a reload,
// is gone after 清除, and a record that is not a valid entry counts as none, touching nothing else.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME, KEY_LENS_TINT, KEY_PRESCRIPTION } from '../../src/shared/storage-constants';
import { NO_TINT } from '../../src/shared/lens/lens-tint';
import type { Prescription } from '../../src/shared/lens/prescription';

afterEach(async () => {
  await Dexie.delete(DB_NAME);
});

async function freshPage() {
  vi.resetModules();
  return {
    ...(await import('../../src/storage/prescription')),
    ...(await import('../../src/storage/model-db')),
  };
}

const RX: Prescription = { sphere: -6, cylinder: -0.75, axis: 175, index: 1.6, pdMm: 63.5 };

describe('the prescription', () => {
  it('survives a reload, and is gone after clearing', async () => {
    const before = await freshPage();
    expect(await before.loadPrescription()).toBeNull();
    expect(await before.savePrescription(RX)).toBe(true);
    expect(await (await freshPage()).loadPrescription()).toEqual(RX);
    await (await freshPage()).clearPrescription();
    expect(await (await freshPage()).loadPrescription()).toBeNull();
  });

  it('a record that is not a valid entry counts as none, and nothing else is touched', async () => {
    const page = await freshPage();
    await page.putBlob('models/001.glb', new Blob(['glb']));
    for (const corrupt of [
      '{not json',
      [1],
      { ...RX, version: 2 },
      { ...RX, version: 1, sphere: -13 },
      { ...RX, version: 1, sphere: '−6' },
      { ...RX, version: 1, index: 1.55 },
      { ...RX, version: 1, axis: null },
    ]) {
      if (typeof corrupt === 'string') {
        await page.putBlob(KEY_PRESCRIPTION, new Blob([corrupt]));
      } else await page.putJson(KEY_PRESCRIPTION, corrupt);
      const reloaded = await freshPage();
      expect(await reloaded.loadPrescription()).toBeNull();
      expect(await reloaded.hasKey('models/001.glb')).toBe(true);
    }
  });

  it('keeps a sphere alone without an axis, and the measured PD as none', async () => {
    const page = await freshPage();
    await page.savePrescription({ sphere: 3, cylinder: 0, axis: 0, index: 1.5, pdMm: null });
    expect(await (await freshPage()).loadPrescription()).toEqual({
      sphere: 3,
      cylinder: 0,
      axis: 0,
      index: 1.5,
      pdMm: null,
    });
  });

  it('keeps the tint and coatings apart: a reload keeps them, clearing the prescription does not', async () => {
    const page = await freshPage();
    expect(await page.loadTint()).toEqual(NO_TINT);
    const tint = { ...NO_TINT, colour: 'brown' as const, density: 0.75, gradient: true };
    await page.saveTint(tint);
    await page.savePrescription(RX);
    await page.clearPrescription();
    const reloaded = await freshPage();
    expect(await reloaded.loadTint()).toEqual(tint);
    expect(await reloaded.loadPrescription()).toBeNull();
    for (const corrupt of [
      { ...tint, version: 1, colour: 'red' },
      { ...tint, version: 1, density: 0.6 },
      { ...tint, version: 1, gradient: 'yes' },
      { ...tint, version: 2 },
    ]) {
      await page.putJson(KEY_LENS_TINT, corrupt);
      expect(await (await freshPage()).loadTint()).toEqual(NO_TINT);
    }
  });
});
