import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME, KEY_MODEL_STATUS } from '../../src/shared/storage-constants';

afterEach(async () => {
  await Dexie.delete(DB_NAME);
});

describe('storedStatuses', () => {
  it('says downloaded exactly for the models storage holds, whatever the old map says', async () => {
    vi.resetModules();
    const { putBlob, putJson } = await import('../../src/storage/model-db');
    const { storedStatuses } = await import('../../src/catalogue/model-status');
    await putBlob('models/001.glb', new Blob(['glb']));
    // A map left by an older version that disagrees with storage is not believed.
    await putJson(KEY_MODEL_STATUS, { 'models/002.glb': 'downloaded', 'models/001.glb': 'x' });
    expect(await storedStatuses(['models/001.glb', 'models/002.glb', 'models/003.glb'])).toEqual({
      'models/001.glb': 'downloaded',
      'models/002.glb': 'not-downloaded',
      'models/003.glb': 'not-downloaded',
    });
    expect(await storedStatuses([])).toEqual({});
  });
});
