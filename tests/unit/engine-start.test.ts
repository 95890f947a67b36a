import { afterEach, describe, expect, it, vi } from 'vitest';

// Only the per-start part is tested here: the stored model and asset URLs are the storage layer's.
vi.mock('../../src/storage/asset-url', () => ({}));
vi.mock('../../src/storage/prepare', () => ({}));

const { engineStart } = await import('../../src/engine/engine-assets');
const { rememberChoices } = await import('../../src/engine/engine-choices');

function fakeBrowser(search = '', cores = 8, store = new Map<string, string>()) {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  });
  vi.stubGlobal('navigator', { userAgent: 'test-agent', hardwareConcurrency: cores });
  vi.stubGlobal('location', { search });
  return store;
}

const loaded = () => ({
  modelBytes: new Uint8Array([1, 2, 3]).buffer,
  wasmLoaderUrl: 'https://app.test/wasm.js',
  wasmBinaryUrl: 'https://app.test/wasm.wasm',
  assetBase: 'https://app.test/',
  allowedOrigins: ['https://app.test'],
});

afterEach(() => vi.unstubAllGlobals());

describe('engineStart', () => {
  it('gives each start its own copy of the model bytes', () => {
    fakeBrowser();
    const assets = loaded();
    const start = engineStart(assets, false);
    expect(start.modelBytes).not.toBe(assets.modelBytes);
    expect([...new Uint8Array(start.modelBytes)]).toEqual([1, 2, 3]);
    expect(start).not.toHaveProperty('restart');
  });

  it('takes the verdicts remembered since the page loaded: a restart skips both measurements', () => {
    fakeBrowser();
    const assets = loaded();
    const first = engineStart(assets, false);
    expect(first.rememberedDelegate).toBeUndefined();
    expect(first.lensQuality).toBeUndefined();
    // The first engine decided; then it crashed.
    rememberChoices({ delegate: 'CPU', quality: 'fast' });
    const restart = engineStart(assets, true);
    expect(restart).toMatchObject({
      rememberedDelegate: 'CPU',
      lensQuality: 'fast',
      restart: true,
    });
    expect(restart.forceDelegate).toBeUndefined();
  });

  it('lets ?delegate= and ?track= override what was remembered, and remembers neither', () => {
    const store = fakeBrowser();
    rememberChoices({ delegate: 'CPU' });
    fakeBrowser('?delegate=GPU&track=every', 8, store);
    expect(engineStart(loaded(), false)).toMatchObject({
      forceDelegate: 'GPU',
      rememberedDelegate: 'CPU',
      trackMode: 'every',
    });
    // The forced visit's engine reports GPU as decided: a later plain visit must not inherit it.
    rememberChoices({ delegate: 'GPU', quality: 'fast' });
    fakeBrowser('', 8, store);
    expect(engineStart(loaded(), false)).toMatchObject({
      rememberedDelegate: 'CPU',
      lensQuality: 'fast',
    });
  });

  it('measures afresh on other hardware (another core count) in the same browser', () => {
    const store = fakeBrowser('', 8);
    rememberChoices({ delegate: 'GPU', quality: 'transmission' });
    fakeBrowser('', 2, store);
    const start = engineStart(loaded(), false);
    expect(start.rememberedDelegate).toBeUndefined();
    expect(start.lensQuality).toBeUndefined();
  });
});
