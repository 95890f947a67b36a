import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred';

// The downloads are the storage layer's (tested with it); here only the waiting is.
vi.mock('../../src/engine/engine-assets', () => ({
  fetchKnownAsset: vi.fn(() => Promise.resolve(new ArrayBuffer(8))),
}));
const keptCube = new ArrayBuffer(16);
vi.mock('../../src/storage/env-image', () => ({
  loadEnvironmentImage: vi.fn(() => Promise.resolve(new Blob(['png']))),
  loadEnvironmentCube: vi.fn(() => Promise.resolve(keptCube)),
  storeEnvironmentCube: vi.fn(() => Promise.resolve()),
}));

const { loadSceneAssets, sceneNotice } = await import('../../src/engine/scene-assets');
const envImage = await import('../../src/storage/env-image');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadSceneAssets', () => {
  it('resolves as soon as both parts are in, with nothing missing', async () => {
    const engine = { setOccluder: vi.fn(async () => {}), setEnvironment: vi.fn(async () => null) };
    const scene = await loadSceneAssets(engine, 60_000, new AbortController().signal);
    expect(scene.missing).toEqual([]);
    expect(engine.setOccluder).toHaveBeenCalledOnce();
    expect(engine.setEnvironment).toHaveBeenCalledOnce();
    expect(sceneNotice(scene.missing)).toBeNull();
    expect(engine.setEnvironment).toHaveBeenCalledWith(expect.any(Blob), keptCube);
    expect(envImage.storeEnvironmentCube).not.toHaveBeenCalled();
  });

  it('keeps the cube the engine computed, and a failed write costs the scene nothing', async () => {
    const fresh = new ArrayBuffer(32);
    vi.mocked(envImage.storeEnvironmentCube).mockRejectedValueOnce(new Error('quota'));
    const engine = { setOccluder: async () => {}, setEnvironment: vi.fn(async () => fresh) };
    const scene = await loadSceneAssets(engine, 60_000, new AbortController().signal);
    expect(scene.missing).toEqual([]);
    expect(envImage.storeEnvironmentCube).toHaveBeenCalledWith(fresh);
  });

  it('stops waiting for a part that never ends, and takes it in when it comes late', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const occluder = deferred();
    const engine = { setOccluder: () => occluder.promise, setEnvironment: async () => null };
    const pending = loadSceneAssets(engine, 15_000, new AbortController().signal);
    let ended = false;
    void pending.then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const scene = await pending;
    expect(scene.missing).toEqual(['occluder']);
    expect(console.error).toHaveBeenCalledWith('[engine] still loading after 15000 ms: occluder');
    expect(sceneNotice(scene.missing)).toContain('头部遮挡');
    occluder.resolve();
    expect(await scene.settled).toEqual([]);
  });

  it('names a part that failed, without waiting for the time limit', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const engine = {
      setOccluder: async () => {},
      setEnvironment: () => Promise.reject(new Error('not a PNG')),
    };
    const scene = await loadSceneAssets(engine, 60_000, new AbortController().signal);
    expect(scene.missing).toEqual(['environment']);
    expect(await scene.settled).toEqual(['environment']);
    expect(sceneNotice(['occluder', 'environment'])).toBe(
      '未能加载：头部遮挡（让镜腿藏在头后）、环境反光。眼镜仍可试戴，刷新页面可重试',
    );
  });
});
