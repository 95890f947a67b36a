// Issue 39: each lens opening's outline from the lens meshes (workers/fit/lens-outline.ts), on
// known geometry and on the built-in frames against their own boxing size.
import { readFileSync } from 'node:fs';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import type { Orientation } from '../../workers/fit/fit-axes';
import { fitMeshes } from '../../workers/fit/fit-geometry';
import { computeFit } from '../../workers/fit/glasses-fit';
import { lensOutline } from '../../workers/fit/lens-outline';

const FRAMES = ['001', '002', '003', '004', '005', '006', '007', '008'];
const O = { width: 0, up: 1, upSign: 1, depth: 2, frontSign: 1 } as unknown as Orientation;

/** Two elliptical lenses `w` × `h` (model units), their centres ±`c` from the centre line. */
function lenses(w: number, h: number, c: number): Float32Array {
  const points: number[] = [];
  for (const side of [-1, 1]) {
    for (let i = 0; i < 720; i++) {
      const a = (2 * Math.PI * i) / 720;
      for (const f of [1, 0.6, 0.2]) {
        points.push(side * c + (f * w * Math.cos(a)) / 2, (f * h * Math.sin(a)) / 2 + 3, 0);
      }
    }
  }
  return new Float32Array(points);
}

const extents = (outline: number[]) => {
  const xs = outline.filter((_, i) => i % 2 === 0);
  const ys = outline.filter((_, i) => i % 2 === 1);
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
};

describe('the lens outline', () => {
  it('traces an elliptical opening at its size, centred, in mm', () => {
    // Model units are cm here: ×10 to mm.
    const outline = lensOutline(lenses(5, 4, 3.5), O, 0, 12, 10)!;
    expect(outline.length).toBeGreaterThanOrEqual(72);
    const { width, height } = extents(outline);
    expect(width).toBeCloseTo(50, 0);
    expect(height).toBeCloseTo(40, 0);
    // x toward the temple: the farthest point from the nose is at +25.
    expect(Math.max(...outline.filter((_, i) => i % 2 === 0))).toBeCloseTo(25, 0);
  });

  it('is none without points on a side', () => {
    expect(lensOutline(new Float32Array([1, 0, 0, 2, 1, 0]), O, 0, 12, 10)).toBeNull();
  });

  it.each(FRAMES)('of frame %s is as wide as its boxing lens width', async (serial) => {
    const bytes = readFileSync(`public/models/${serial}.glb`);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const model = (await new GLTFLoader().parseAsync(buffer as ArrayBuffer, '')).scene;
    const fit = computeFit(fitMeshes(model).meshes);
    if (!fit.frameSize.fromLenses) {
      expect(fit.lensOutlineMm).toBeNull();
      return;
    }
    const outline = fit.lensOutlineMm!;
    expect(outline).not.toBeNull();
    const { width, height } = extents(outline);
    expect(Math.abs(width - fit.frameSize.lensMm)).toBeLessThan(1);
    expect(height).toBeGreaterThan(20);
    expect(height).toBeLessThan(width * 1.1);
  });
});
