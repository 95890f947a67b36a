import { afterEach, describe, expect, it, vi } from 'vitest';

// Only the per-start part is tested here: the stored model and asset URLs are the storage layer's.
vi.mock('../../src/storage/asset-url', () => ({}));
vi.mock('../../src/storage/prepare', () => ({}));

const { engineStart } = await import('../../src/engine/engine-assets');
const { rememberChoices } = await import('../../src/engine/engine-choices');
const { drawEvery, forcedEnginePath, parseDebugInit, statsSwitch } =
  await import('../../src/engine/debug-switches');

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
    expect(restart.debug).toBeUndefined();
  });

  it("reads ?delegate=, ?track= and the looks' switches in the tests' and bench's builds only", () => {
    expect(parseDebugInit('?delegate=GPU&track=every&engine=page')).toEqual({
      forceDelegate: 'GPU',
      trackMode: 'every',
    });
    expect(parseDebugInit('?delegate=TPU&track=sometimes')).toEqual({});
    // The looks the bench turns off to cost them (bench/lib/effect-cost.mjs).
    expect(parseDebugInit('?occluder=off&shadow=off&light=off&reflect=off')).toEqual({
      headOccluder: false,
      contactShadow: false,
      roomLight: false,
      roomReflect: false,
    });
    expect(parseDebugInit('?occluder=on&shadow=no')).toEqual({});
    // The unit tests' build is a production one (__TEST_HOOKS__ false): the switches are not read.
    const store = fakeBrowser();
    rememberChoices({ delegate: 'CPU' });
    fakeBrowser('?delegate=GPU&track=every&engine=page&stats', 8, store);
    const start = engineStart(loaded(), false);
    expect(start.debug).toBeUndefined();
    expect(start.rememberedDelegate).toBe('CPU');
    expect([forcedEnginePath(), statsSwitch(), drawEvery()]).toEqual([undefined, false, 1]);
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
