import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseFavourites } from '../../src/storage/favourites';
import { DB_NAME, FAVOURITES_MAX, KEY_FAVOURITES } from '../../src/shared/storage-constants';

afterEach(async () => {
  await Dexie.delete(DB_NAME);
});

/** The storage modules as a freshly loaded page sees them (nothing kept in memory). */
async function freshPage() {
  vi.resetModules();
  return {
    ...(await import('../../src/storage/favourites')),
    ...(await import('../../src/storage/model-db')),
  };
}

describe('favourites', () => {
  it('survive a reload, in the order they were marked', async () => {
    const before = await freshPage();
    expect(await before.loadFavourites()).toEqual([]);
    expect(await before.saveFavourites(['models/003.glb', 'models/001.glb'])).toBe(true);
    const after = await freshPage();
    expect(await after.loadFavourites()).toEqual(['models/003.glb', 'models/001.glb']);
  });

  it('a corrupt record counts as none, and nothing else stored is touched', async () => {
    const page = await freshPage();
    await page.putBlob('models/001.glb', new Blob(['glb']));
    for (const corrupt of ['{not json', [1, 2], { version: 2, values: ['x'] }, { values: 'x' }]) {
      if (typeof corrupt === 'string') {
        await page.putBlob(KEY_FAVOURITES, new Blob([corrupt]));
      } else await page.putJson(KEY_FAVOURITES, corrupt);
      const reloaded = await freshPage();
      expect(await reloaded.loadFavourites()).toEqual([]);
      expect(await reloaded.hasKey('models/001.glb')).toBe(true);
    }
    // Marking a frame afterwards writes a sound record again.
    await page.saveFavourites(['models/002.glb']);
    expect(await (await freshPage()).loadFavourites()).toEqual(['models/002.glb']);
  });

  it('drops each bad value on its own and keeps the rest', () => {
    const values = ['models/001.glb', 7, '', null, 'x'.repeat(501), 'models/001.glb', 'a.glb'];
    expect(parseFavourites({ version: 1, values })).toEqual(['models/001.glb', 'a.glb']);
    const many = Array.from({ length: FAVOURITES_MAX + 5 }, (_, i) => `m/${i}.glb`);
    const kept = parseFavourites({ version: 1, values: many });
    expect(kept).toHaveLength(FAVOURITES_MAX);
    expect(kept.at(-1)).toBe(`m/${FAVOURITES_MAX + 4}.glb`);
  });
});
