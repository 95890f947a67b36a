import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DB_NAME,
  DB_TABLE,
  DB_VERSION,
  KEY_ENV_IMAGE,
  KEY_MEDIAPIPE_TASK,
  KEY_MODEL_STATUS,
  KEY_TASK_AND_WASM_CACHED,
  STORAGE_DEADLINE_MS,
} from '../../src/shared/storage-constants';
import { installLocation } from './storage-fakes';

installLocation();
// The guard's module reads the page location (through the preparation it asks about).
const { guardTarget } = await import('../../src/routes/route-guard');

/** ModelDB's modules as a fresh page loads them (no open database, no memory fallback kept). */
async function freshPage() {
  vi.resetModules();
  const db = await import('../../src/storage/model-db');
  const status = await import('../../src/storage/storage-status');
  ({ deleteKey, getBlob, getFlag, getJson, hasKey, heldKeys, putBlob, putJson, setFlag } = db);
  ({ isStorageUnavailable, storageUnavailableAtom } = status);
}
type Db = typeof import('../../src/storage/model-db');
type Status = typeof import('../../src/storage/storage-status');
let deleteKey: Db['deleteKey'];
let getBlob: Db['getBlob'];
let getFlag: Db['getFlag'];
let getJson: Db['getJson'];
let hasKey: Db['hasKey'];
let heldKeys: Db['heldKeys'];
let putBlob: Db['putBlob'];
let putJson: Db['putJson'];
let setFlag: Db['setFlag'];
let isStorageUnavailable: Status['isStorageUnavailable'];
let storageUnavailableAtom: Status['storageUnavailableAtom'];
await freshPage();

/** Reads or writes the database with the raw IndexedDB API, as another app version would. */
function rawDb(version = DB_VERSION * 10): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, version);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(DB_TABLE)) {
        request.result.createObjectStore(DB_TABLE, { keyPath: 'key' });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function rawPut(record: { key: string; data: unknown }): Promise<void> {
  const db = await rawDb();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(DB_TABLE, 'readwrite');
    tx.objectStore(DB_TABLE).put(record);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

async function rawGet(key: string): Promise<unknown> {
  const db = await rawDb();
  const value = await new Promise<unknown>((resolve, reject) => {
    const request = db.transaction(DB_TABLE).objectStore(DB_TABLE).get(key);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  db.close();
  return value;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Dexie.delete(DB_NAME);
  await freshPage();
});

describe('ModelDB schema', () => {
  it('keeps the names the original used', () => {
    expect([DB_NAME, DB_VERSION, DB_TABLE]).toEqual(['ModelDB', 1, 'models']);
    expect([KEY_MEDIAPIPE_TASK, KEY_TASK_AND_WASM_CACHED]).toEqual([
      'mediapipeTask',
      'isTaskAndWasmCached',
    ]);
    expect(new Set([KEY_MODEL_STATUS, KEY_ENV_IMAGE, KEY_MEDIAPIPE_TASK]).size).toBe(3);
  });

  it('creates one table keyed by `key` holding {key, data}, at Dexie version 1', async () => {
    await setFlag(KEY_TASK_AND_WASM_CACHED, true);
    await freshPage();
    const db = await rawDb();
    expect(db.version).toBe(DB_VERSION * 10);
    expect([...db.objectStoreNames]).toEqual([DB_TABLE]);
    const store = db.transaction(DB_TABLE).objectStore(DB_TABLE);
    expect(store.keyPath).toBe('key');
    expect(store.autoIncrement).toBe(false);
    db.close();
    expect(await rawGet(KEY_TASK_AND_WASM_CACHED)).toEqual({
      key: KEY_TASK_AND_WASM_CACHED,
      data: 1,
    });
  });

  it('reads records written by the original (blob model, UTF-8 JSON bytes, string flag)', async () => {
    await rawPut({ key: KEY_MEDIAPIPE_TASK, data: new Blob([new Uint8Array([1, 2, 3])]) });
    await rawPut({ key: 'models/001.glb', data: new Uint8Array([9, 8]).buffer });
    await rawPut({ key: 'materials/001.json', data: new TextEncoder().encode('[{"a":1}]') });
    await rawPut({ key: KEY_TASK_AND_WASM_CACHED, data: '1' });
    const blob = await getBlob(KEY_MEDIAPIPE_TASK);
    expect(new Uint8Array(await blob!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect((await getBlob('models/001.glb'))?.size).toBe(2);
    expect(await getJson('materials/001.json')).toEqual([{ a: 1 }]);
    expect(await getFlag(KEY_TASK_AND_WASM_CACHED)).toBe(true);
  });

  it('stores JSON as UTF-8 bytes and blobs as blobs', async () => {
    await putJson(KEY_MODEL_STATUS, { '001': 'downloaded', 名: 'x' });
    const raw = (await rawGet(KEY_MODEL_STATUS)) as { data: unknown };
    expect(raw.data).toBeInstanceOf(Uint8Array);
    expect(await getJson(KEY_MODEL_STATUS)).toEqual({ '001': 'downloaded', 名: 'x' });
    await putBlob(KEY_ENV_IMAGE, new Blob(['png']));
    expect(((await rawGet(KEY_ENV_IMAGE)) as { data: unknown }).data).toBeInstanceOf(Blob);
    expect(await hasKey(KEY_ENV_IMAGE)).toBe(true);
    // Thousands of frames asked at once: one read of the keys, only the stored ones answered.
    const asked = [KEY_ENV_IMAGE, ...Array.from({ length: 5_000 }, (_, i) => `models/${i}.glb`)];
    expect([...(await heldKeys(asked))]).toEqual([KEY_ENV_IMAGE]);
    await deleteKey(KEY_ENV_IMAGE);
    expect(await hasKey(KEY_ENV_IMAGE)).toBe(false);
    expect(await getJson('missing')).toBeUndefined();
  });
});

describe('isTaskAndWasmCached', () => {
  it.each([
    ['missing', undefined, null, '/home'],
    ['0', 0, false, '/'],
    ['1', 1, true, '/home'],
    ["'1'", '1', true, '/home'],
    ["'0'", '0', false, '/'],
  ])('%s reads as %s and the guard sends /home to %s', async (_, stored, flag, target) => {
    if (stored !== undefined) await rawPut({ key: KEY_TASK_AND_WASM_CACHED, data: stored });
    expect(await getFlag(KEY_TASK_AND_WASM_CACHED)).toBe(flag);
    expect(guardTarget(flag as boolean | null, '/home')).toBe(target);
  });

  it('is written as the number 0 or 1', async () => {
    await setFlag(KEY_TASK_AND_WASM_CACHED, false);
    expect(await rawGet(KEY_TASK_AND_WASM_CACHED)).toMatchObject({ data: 0 });
    await setFlag(KEY_TASK_AND_WASM_CACHED, true);
    expect(await rawGet(KEY_TASK_AND_WASM_CACHED)).toMatchObject({ data: 1 });
  });

  it('never redirects the Loading screen to itself', () => {
    expect(guardTarget(false, '/')).toBe('/');
    expect(guardTarget(false, '/about')).toBe('/');
    expect(guardTarget(true, '/about')).toBe('/about');
    expect(guardTarget(null, '/')).toBe('/');
  });

  it('lets navigation through while this page itself is preparing (its own 0)', () => {
    expect(guardTarget(false, '/about', true)).toBe('/about');
    expect(guardTarget(false, '/home', true)).toBe('/home');
  });
});

describe('storage unavailable', () => {
  it('keeps values in memory when a write hits the quota, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const quota = new DOMException('quota', 'QuotaExceededError');
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quota;
    });
    expect(await putBlob(KEY_MEDIAPIPE_TASK, new Blob(['abc']))).toBe(false);
    expect(await setFlag(KEY_TASK_AND_WASM_CACHED, true)).toBe(false);
    expect(await (await getBlob(KEY_MEDIAPIPE_TASK))!.text()).toBe('abc');
    expect(await getFlag(KEY_TASK_AND_WASM_CACHED)).toBe(true);
    expect(isStorageUnavailable()).toBe(true);
    expect(getDefaultStore().get(storageUnavailableAtom)).toBe(true);
    expect(warn.mock.calls.filter(([m]) => String(m).includes('storage unavailable'))).toHaveLength(
      1,
    );
    vi.mocked(IDBObjectStore.prototype.put).mockRestore();
    expect(await rawGet(KEY_MEDIAPIPE_TASK)).toBeUndefined();
  });

  it('works from memory when IndexedDB cannot be opened', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('private mode', 'InvalidStateError');
    });
    expect(await getFlag(KEY_TASK_AND_WASM_CACHED)).toBeNull();
    await putJson(KEY_MODEL_STATUS, { a: 1 });
    expect(await getJson(KEY_MODEL_STATUS)).toEqual({ a: 1 });
    expect(getDefaultStore().get(storageUnavailableAtom)).toBe(true);
  });

  it('goes on from memory when IndexedDB never answers its open (another tab blocks it)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      vi.spyOn(indexedDB, 'open').mockImplementation(() => ({}) as IDBOpenDBRequest);
      const flag = getFlag(KEY_TASK_AND_WASM_CACHED);
      await vi.advanceTimersByTimeAsync(STORAGE_DEADLINE_MS);
      expect(await flag).toBeNull();
      expect(await putJson(KEY_MODEL_STATUS, { a: 1 })).toBe(false);
      expect(await getJson(KEY_MODEL_STATUS)).toEqual({ a: 1 });
      expect(getDefaultStore().get(storageUnavailableAtom)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops writing after a read goes unanswered, so the stored record is never overwritten', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await rawPut({ key: KEY_MODEL_STATUS, data: new TextEncoder().encode('{"kept":1}') });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(() => ({}) as IDBRequest);
      const status = getJson(KEY_MODEL_STATUS);
      await vi.advanceTimersByTimeAsync(STORAGE_DEADLINE_MS);
      expect(await status).toBeUndefined();
      expect(isStorageUnavailable()).toBe(true);
      expect(await putJson(KEY_MODEL_STATUS, { fresh: 1 })).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    vi.mocked(IDBObjectStore.prototype.get).mockRestore();
    const raw = (await rawGet(KEY_MODEL_STATUS)) as { data: Uint8Array };
    expect(new TextDecoder().decode(raw.data)).toBe('{"kept":1}');
  });

  it('keeps a model as bytes where IndexedDB takes no Blob (WebKit without a disk)', async () => {
    const put = IDBObjectStore.prototype.put;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if ((value as { data?: unknown })?.data instanceof Blob) {
        throw new DOMException('Error preparing Blob/File data', 'UnknownError');
      }
      return put.call(this, value, key);
    });
    try {
      expect(await putBlob(KEY_MEDIAPIPE_TASK, new Blob([new Uint8Array([1, 2, 3])]))).toBe(true);
      expect(isStorageUnavailable()).toBe(false);
    } finally {
      spy.mockRestore();
    }
    await freshPage();
    const stored = await getBlob(KEY_MEDIAPIPE_TASK);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});
