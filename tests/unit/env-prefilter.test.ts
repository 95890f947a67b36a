import { describe, expect, it } from 'vitest';
import {
  lodToRoughness,
  prefilterEquirect,
  texelDirection,
  type EquirectPixels,
} from '../../workers/render/env-prefilter';

/** An equirect whose rows above the horizon have `top` and below it `bottom` (sRGB bytes). */
function horizon(top: number, bottom: number, width = 64, height = 32): EquirectPixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const value = y < height / 2 ? top : bottom;
      data.set([value, value, value, 255], (y * width + x) * 4);
    }
  return { data, width, height };
}

const mean = (values: Float32Array) => values.reduce((a, b) => a + b, 0) / values.length;

describe('environment prefilter', () => {
  it('puts each face centre on its axis, in GL order', () => {
    const axes = [
      [1, 0, 0],
      [-1, 0, 0],
      [0, 1, 0],
      [0, -1, 0],
      [0, 0, 1],
      [0, 0, -1],
    ];
    // A one-texel face: its only texel sits at the centre.
    axes.forEach((axis, face) =>
      texelDirection(face, 0, 0, 1).forEach((v, k) => expect(v).toBeCloseTo(axis[k]!, 12)),
    );
    // +X: s runs towards −Z and t towards −Y (GL's table), so texel (0, 0) of a 2-texel face
    // looks up and towards +Z.
    const [x, y, z] = texelDirection(0, 0, 0, 2);
    expect(x).toBeGreaterThan(0);
    expect(y).toBeGreaterThan(0);
    expect(z).toBeGreaterThan(0);
  });

  it('maps roughness to mips as three.js does', () => {
    expect(lodToRoughness(0, 3)).toBe(0);
    expect(lodToRoughness(3, 3)).toBe(1);
    expect(lodToRoughness(1, 3)).toBeCloseTo(1 - Math.sqrt(2 / 3), 9);
  });

  it('keeps a uniform environment uniform at every roughness, in linear light', () => {
    const levels = prefilterEquirect(horizon(188, 188), 16);
    expect(levels.map((level) => level.size)).toEqual([16, 8]);
    const linear = Math.pow((188 / 255 + 0.055) / 1.055, 2.4);
    for (const level of levels)
      for (const face of level.faces) {
        expect(face.length).toBe(level.size * level.size * 3);
        expect(Math.min(...face)).toBeCloseTo(linear, 4);
        expect(Math.max(...face)).toBeCloseTo(linear, 4);
      }
  });

  it('lights the sky face and darkens the ground face, blurring towards the horizon', () => {
    const levels = prefilterEquirect(horizon(255, 0), 64);
    expect(levels).toHaveLength(4);
    const sharp = levels[0]!;
    const rough = levels[3]!;
    expect(mean(sharp.faces[2]!)).toBeCloseTo(1, 2); // +Y looks at the sky
    expect(mean(sharp.faces[3]!)).toBeCloseTo(0, 2); // −Y at the ground
    expect(mean(sharp.faces[0]!)).toBeCloseTo(0.5, 1); // a side face sees half of each
    // The roughest lobe reaches past the horizon from the sky face, but stays brighter above.
    expect(mean(rough.faces[2]!)).toBeLessThan(0.99);
    expect(mean(rough.faces[2]!)).toBeGreaterThan(mean(rough.faces[3]!) + 0.3);
  });
});
