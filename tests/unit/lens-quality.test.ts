import { describe, expect, it } from 'vitest';
import { chooseLensQuality, probeLensQuality } from '../../workers/render/lens-quality';
import type { TryOnScene } from '../../workers/render/scene';

/** A scene whose GL must not be touched: any use of its renderer, camera or scene throws. */
function untouchable(softwareGl: boolean): TryOnScene {
  const trap = new Proxy(
    {},
    {
      get(_target, key) {
        throw new Error(`the probe touched ${String(key)}`);
      },
    },
  );
  return { softwareGl, renderer: trap, scene: trap, camera: trap } as unknown as TryOnScene;
}

describe('lens quality', () => {
  it('takes the fast path on software GL without rendering the probe', () => {
    expect(chooseLensQuality(untouchable(true))).toBe('fast');
  });

  it('probes where the GPU is real', () => {
    expect(() => chooseLensQuality(untouchable(false))).toThrow(/the probe touched/);
  });

  it('keeps transmission when a render fits the budget, and drops it when it does not', () => {
    const timed = (ms: number) => () => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    expect(probeLensQuality(timed(0)).quality).toBe('transmission');
    expect(probeLensQuality(timed(20)).quality).toBe('fast');
  });
});
