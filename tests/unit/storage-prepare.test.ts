import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred';
import { FakeCacheStorage, ORIGIN, fakeFetch, installLocation, type Fault } from './storage-fakes';

installLocation();
const {
  ASSET_PATHS,
  DB_NAME,
  KEY_ENV_CUBE,
  KEY_ENV_IMAGE,
  KEY_MEDIAPIPE_TASK,
  KEY_TASK_AND_WASM_CACHED,
  STORAGE_DEADLINE_MS,
  WASM_CACHE_NAME,
} = await import('../../src/shared/storage-constants');
const { sha256Hex } = await import('../../src/shared/checked-fetch');

/** The storage modules as a fresh page loads them: each test gets its own (no state carried over). */
async function loadStorage() {
  vi.resetModules();
  return {
    ...(await import('../../src/storage/model-db')),
    ...(await import('../../src/storage/prepare')),
    ...(await import('../../src/storage/prepare-error')),
    ...(await import('../../src/storage/progress-meter')),
    ...(await import('../../src/storage/storage-status')),
    ...(await import('../../src/storage/env-image')),
  };
}
let getBlob: Storage['getBlob'];
let getFlag: Storage['getFlag'];
let putBlob: Storage['putBlob'];
let ensurePrepared: Storage['ensurePrepared'];
let isPreparing: Storage['isPreparing'];
let onPrepareProgress: Storage['onPrepareProgress'];
let runPreparation: Storage['runPreparation'];
let PrepareError: Storage['PrepareError'];
let percentOf: Storage['percentOf'];
let storageUnavailableAtom: Storage['storageUnavailableAtom'];
let loadEnvironmentImage: Storage['loadEnvironmentImage'];
let loadEnvironmentCube: Storage['loadEnvironmentCube'];
type Storage = Awaited<ReturnType<typeof loadStorage>>;

const MODEL = ASSET_PATHS.faceModel;
const LOADER = ASSET_PATHS.wasmLoader;
const BINARY = ASSET_PATHS.wasmBinary;
const size = (path: string) => __ASSET_INTEGRITY__[path]!.size;
const TOTAL = size(MODEL) + size(LOADER) + size(BINARY);

let storage: FakeCacheStorage;

function useFetch(faults: Record<string, Fault> = {}) {
  const fake = fakeFetch(new Map(Object.entries(faults)));
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

const wasmCache = () => storage.caches.get(WASM_CACHE_NAME);
const cachedPaths = () =>
  [...(wasmCache()?.entries.keys() ?? [])].map((url) => url.slice(ORIGIN.length + 1)).sort();

async function storedModelHash(): Promise<string | undefined> {
  const blob = await getBlob(KEY_MEDIAPIPE_TASK);
  return blob ? sha256Hex(await blob.arrayBuffer()) : undefined;
}

beforeEach(async () => {
  ({
    getBlob,
    getFlag,
    putBlob,
    ensurePrepared,
    isPreparing,
    onPrepareProgress,
    runPreparation,
    PrepareError,
    percentOf,
    storageUnavailableAtom,
    loadEnvironmentImage,
    loadEnvironmentCube,
  } = await loadStorage());
  storage = new FakeCacheStorage();
  vi.stubGlobal('caches', storage);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await Dexie.delete(DB_NAME);
});

describe('preparation', () => {
  it('downloads the model and runtime, stores them verified, and sets the flag to 1', async () => {
    const { requests } = useFetch();
    const seen: number[] = [];
    const flags: (boolean | null)[] = [];
    const result = await runPreparation(async (p) => {
      seen.push(p.done);
      expect(p.total).toBe(TOTAL);
      if (seen.length === 1) flags.push(await getFlag(KEY_TASK_AND_WASM_CACHED));
    });
    expect(requests.sort()).toEqual([MODEL, LOADER, BINARY].sort());
    expect(result.modelBytes.byteLength).toBe(size(MODEL));
    expect(await storedModelHash()).toBe(__ASSET_INTEGRITY__[MODEL]!.sha256);
    expect(cachedPaths()).toEqual([LOADER, BINARY].sort());
    const wasm = await wasmCache()!.match(`${ORIGIN}/${BINARY}`);
    expect(wasm!.headers.get('content-type')).toBe('application/wasm');
    expect(flags).toEqual([false]);
    expect(await getFlag(KEY_TASK_AND_WASM_CACHED)).toBe(true);
    // Progress: strictly increasing decoded bytes, many steps, ending exactly at the total.
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    expect(seen.length).toBeGreaterThan(100);
    expect(seen.at(-1)).toBe(TOTAL);
    expect(percentOf({ done: seen.at(-1)!, total: TOTAL })).toBe(100);
    expect(percentOf({ done: TOTAL - 1, total: TOTAL })).toBe(99);
  });

  it('downloads nothing when everything stored is intact, and counts it as done', async () => {
    useFetch();
    await runPreparation();
    const { requests } = useFetch();
    const seen: number[] = [];
    await runPreparation((p) => seen.push(p.done));
    expect(requests).toEqual([]);
    expect(seen.at(-1)).toBe(TOTAL);
  });

  it.each([
    ['wrong size', new Uint8Array([1, 2, 3])],
    ['wrong hash', new Uint8Array(size(MODEL)).fill(7)],
  ])('discards a stored model with the %s and downloads it again', async (_, bytes) => {
    useFetch();
    await runPreparation();
    await putBlob(KEY_MEDIAPIPE_TASK, new Blob([bytes]));
    const { requests } = useFetch();
    const seen: number[] = [];
    await runPreparation((p) => seen.push(p.done));
    expect(requests).toEqual([MODEL]);
    expect(await storedModelHash()).toBe(__ASSET_INTEGRITY__[MODEL]!.sha256);
    // The runtime already stored counts as done from the first report.
    expect(seen[0]).toBe(size(LOADER) + size(BINARY));
  });

  it('downloads the model when its stored copy does not read back in time', async () => {
    useFetch();
    await runPreparation();
    // No Cache Storage: the stored model's read is the only storage call left waiting.
    vi.stubGlobal('caches', undefined);
    const real = Blob.prototype.arrayBuffer;
    const reading = deferred();
    vi.spyOn(Blob.prototype, 'arrayBuffer').mockImplementation(function (this: Blob) {
      if (this.size !== size(MODEL)) return real.call(this);
      reading.resolve();
      return new Promise<ArrayBuffer>(() => {});
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { requests } = useFetch();
      const run = runPreparation();
      await reading.promise;
      await vi.advanceTimersByTimeAsync(STORAGE_DEADLINE_MS);
      const result = await run;
      expect(requests).toEqual([MODEL]);
      expect(await sha256Hex(result.modelBytes)).toBe(__ASSET_INTEGRITY__[MODEL]!.sha256);
    } finally {
      vi.useRealTimers();
    }
  });

  it('replaces a corrupted cache entry and drops entries it does not know', async () => {
    useFetch();
    await runPreparation();
    const cache = wasmCache()!;
    await cache.put(`${ORIGIN}/${BINARY}`, new Response(new Uint8Array(size(BINARY))));
    await cache.put(`${ORIGIN}/${LOADER}?delegate=GPU`, new Response('stale loader'));
    const { requests } = useFetch();
    await runPreparation();
    expect(requests).toEqual([BINARY]);
    expect(cachedPaths()).toEqual([LOADER, BINARY].sort());
    const binary = await (await cache.match(`${ORIGIN}/${BINARY}`))!.arrayBuffer();
    expect(await sha256Hex(binary)).toBe(__ASSET_INTEGRITY__[BINARY]!.sha256);
  });

  it.each<[string, Fault, string]>([
    ['fails midway', { kind: 'error-after', bytes: 1_000_000 }, '网络连接失败，请检查网络后重试'],
    [
      'is cut short',
      { kind: 'truncate', bytes: 1_000_000 },
      '文件下载不完整：face_landmarker.task',
    ],
    ['answers 404', { kind: 'status', status: 404 }, '下载失败: 404'],
    ['cannot connect', { kind: 'reject' }, '网络连接失败，请检查网络后重试'],
  ])('leaves no model record when the download %s', async (_, fault, reason) => {
    useFetch({ [MODEL]: fault });
    const error = await ensurePrepared().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrepareError);
    expect((error as InstanceType<typeof PrepareError>).reason).toBe(reason);
    expect(console.error).toHaveBeenCalledWith('模型下载失败:', expect.anything());
    expect(await getBlob(KEY_MEDIAPIPE_TASK)).toBeUndefined();
    expect(await getFlag(KEY_TASK_AND_WASM_CACHED)).toBe(false);
    // A retry after the network recovers starts over and finishes.
    const { requests } = useFetch();
    await ensurePrepared();
    expect(requests).toContain(MODEL);
    expect(await storedModelHash()).toBe(__ASSET_INTEGRITY__[MODEL]!.sha256);
    expect(await getFlag(KEY_TASK_AND_WASM_CACHED)).toBe(true);
  });

  it('goes on when deleting a corrupted cache entry never answers', async () => {
    useFetch();
    await runPreparation();
    const cache = wasmCache()!;
    await cache.put(`${ORIGIN}/${BINARY}`, new Response(new Uint8Array(size(BINARY))));
    const deleting = deferred();
    vi.spyOn(cache, 'delete').mockImplementation(
      () => (deleting.resolve(), new Promise<boolean>(() => {})),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { requests } = useFetch();
      const run = runPreparation();
      await deleting.promise;
      await vi.advanceTimersByTimeAsync(STORAGE_DEADLINE_MS);
      await run;
      expect(requests).toEqual([BINARY]);
    } finally {
      vi.useRealTimers();
    }
    const binary = await (await cache.match(`${ORIGIN}/${BINARY}`))!.arrayBuffer();
    expect(await sha256Hex(binary)).toBe(__ASSET_INTEGRITY__[BINARY]!.sha256);
  });

  it('never caches a runtime file that failed its check', async () => {
    useFetch({ [BINARY]: { kind: 'truncate', bytes: 5_000_000 } });
    await expect(runPreparation()).rejects.toThrow();
    expect(cachedPaths()).not.toContain(BINARY);
  });

  it('shares one run between the Loading screen and the engine, replaying progress', async () => {
    const { requests } = useFetch();
    const first = ensurePrepared();
    const second = ensurePrepared();
    expect(second).toBe(first);
    expect(isPreparing()).toBe(true);
    await first;
    expect(isPreparing()).toBe(false);
    const replayed: number[] = [];
    onPrepareProgress((p) => replayed.push(percentOf(p)))();
    expect(replayed).toEqual([100]);
    expect(requests).toHaveLength(3);
  });
});

describe('storage unavailable', () => {
  it('runs from memory when IndexedDB refuses writes (quota)', async () => {
    useFetch();
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const result = await ensurePrepared();
    expect(await sha256Hex(result.modelBytes)).toBe(__ASSET_INTEGRITY__[MODEL]!.sha256);
    expect(getDefaultStore().get(storageUnavailableAtom)).toBe(true);
  });

  it('carries on from the network when the cache store cannot be opened', async () => {
    storage.openError = new DOMException('denied', 'SecurityError');
    const { requests } = useFetch();
    const seen: number[] = [];
    await runPreparation((p) => seen.push(p.done));
    expect(console.warn).toHaveBeenCalledWith('WASM缓存初始化失败', storage.openError);
    expect(requests).toEqual([MODEL]);
    expect(seen.at(-1)).toBe(size(MODEL));
    expect(getDefaultStore().get(storageUnavailableAtom)).toBe(true);
  });

  it('keeps going when the cache is full', async () => {
    useFetch();
    await storage.open(WASM_CACHE_NAME);
    wasmCache()!.putError = new DOMException('full', 'QuotaExceededError');
    await runPreparation();
    expect(cachedPaths()).toEqual([]);
    expect(getDefaultStore().get(storageUnavailableAtom)).toBe(true);
  });
});

describe('environment image', () => {
  it('is downloaded once, then read from ModelDB', async () => {
    const first = useFetch();
    const image = await loadEnvironmentImage();
    expect(first.requests).toEqual([ASSET_PATHS.envImage]);
    expect(image.type).toBe('image/png');
    const second = useFetch();
    expect((await loadEnvironmentImage()).size).toBe(image.size);
    expect(second.requests).toEqual([]);
  });

  it('replaces a stored record that is not a PNG', async () => {
    await putBlob(KEY_ENV_IMAGE, new Blob(['<html>oops</html>']));
    const { requests } = useFetch();
    const image = await loadEnvironmentImage();
    expect(requests).toEqual([ASSET_PATHS.envImage]);
    expect(new Uint8Array(await image.slice(1, 4).arrayBuffer())).toEqual(
      new TextEncoder().encode('PNG'),
    );
  });

  it('replaces a stored image, and drops a stored cube, that the browser cannot read back', async () => {
    useFetch();
    await loadEnvironmentImage();
    await putBlob(KEY_ENV_CUBE, new Blob([new Uint8Array(64)]));
    // The first read of each stored record fails (the image's signature, the cube's 64 bytes).
    const real = Blob.prototype.arrayBuffer;
    const failing = new Set([8, 64]);
    vi.spyOn(Blob.prototype, 'arrayBuffer').mockImplementation(function (this: Blob) {
      if (!failing.delete(this.size)) return real.call(this);
      return Promise.reject(new DOMException('gone', 'NotReadableError'));
    });
    const { requests } = useFetch();
    const image = await loadEnvironmentImage();
    expect(requests).toEqual([ASSET_PATHS.envImage]);
    expect(image.size).toBeGreaterThan(0);
    expect(await loadEnvironmentCube()).toBeNull();
    expect(await getBlob(KEY_ENV_CUBE)).toBeUndefined();
  });
});
