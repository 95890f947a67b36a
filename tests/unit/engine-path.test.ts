import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseEnginePath } from '../../src/engine/engine-path';
import { rememberChoices } from '../../src/engine/engine-choices';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CHROMIUM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const LLVMPIPE = 'llvmpipe (LLVM 19.1.7, 256 bits)';
const GPU = 'Mesa Intel(R) UHD Graphics 620';

/** A browser whose page draws WebGL with `renderer`, and which remembered the worker path. */
function browser(userAgent: string, renderer: string) {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  });
  vi.stubGlobal('navigator', { userAgent, hardwareConcurrency: 2 });
  vi.stubGlobal('location', { search: '' });
  const gl = {
    RENDERER: 0x1f01,
    getExtension: (name: string) =>
      name === 'WEBGL_debug_renderer_info' ? { UNMASKED_RENDERER_WEBGL: 0x9246 } : null,
    getParameter: (which: number) => (which === 0x9246 ? renderer : 'WebKit WebGL'),
  };
  vi.stubGlobal('document', { createElement: () => ({ getContext: () => gl }) });
  rememberChoices({ path: 'worker' });
}

afterEach(() => vi.unstubAllGlobals());

describe('chooseEnginePath', () => {
  it('runs Firefox on software GL on the page, whatever an earlier visit remembered', async () => {
    browser(FIREFOX, LLVMPIPE);
    expect(await chooseEnginePath()).toBe('page');
  });

  it('keeps the remembered worker for Firefox on a GPU and for Chromium on software GL', async () => {
    browser(FIREFOX, GPU);
    expect(await chooseEnginePath()).toBe('worker');
    browser(CHROMIUM, 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader)');
    expect(await chooseEnginePath()).toBe('worker');
  });
});
