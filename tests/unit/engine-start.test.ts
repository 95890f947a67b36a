import { afterEach, describe, expect, it, vi } from 'vitest';

// Only the per-start part is tested here: the stored model and asset URLs are the storage layer's.
vi.mock('../../src/storage/asset-url', () => ({}));
vi.mock('../../src/storage/prepare', () => ({}));

const { engineStart } = await import('../../src/engine/engine-assets');
const { rememberChoices } = await import('../../src/engine/engine-choices');

function fakeBrowser(search = '') {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  });
  vi.stubGlobal('navigator', { userAgent: 'test-agent' });
  vi.stubGlobal('location', { search });
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
    expect(first.forceDelegate).toBeUndefined();
    expect(first.lensQuality).toBeUndefined();
    // The first engine decided; then it crashed.
    rememberChoices({ delegate: 'CPU', quality: 'fast' });
    const restart = engineStart(assets, true);
    expect(restart).toMatchObject({ forceDelegate: 'CPU', lensQuality: 'fast', restart: true });
  });

  it('lets ?delegate= and ?track= override what was remembered', () => {
    fakeBrowser('?delegate=GPU&track=every');
    rememberChoices({ delegate: 'CPU' });
    expect(engineStart(loaded(), false)).toMatchObject({
      forceDelegate: 'GPU',
      trackMode: 'every',
    });
  });
});
