// The judge's registration (tests/outside/resample.ts): the source drawn as the screen draws it,
// at the sub-pixel shift that matches the screen best.
import { describe, expect, it } from 'vitest';
import type { Picture } from '../outside/barcode.mjs';
import { registered, resample } from '../outside/resample';

/** A picture of sharp-edged stripes and a gradient: every shift gives another resampling. */
function stripes(width: number, height: number, channels: number): Picture {
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      data[i] = (x >> 2) % 2 ? 230 : 20;
      data[i + 1] = (y >> 3) % 2 ? 200 : 40;
      data[i + 2] = (x * 3 + y * 5) % 256;
      if (channels === 4) data[i + 3] = 255;
    }
  }
  return { data, width, height, channels } as Picture;
}

describe('registered', () => {
  it.each([
    { dx: 0.5, dy: -0.5, mirrored: false, channels: 3 },
    { dx: -1, dy: 1, mirrored: true, channels: 4 },
    { dx: 0, dy: 0.5, mirrored: true, channels: 3 },
  ])('finds the shift ($dx, $dy) a screen drew the source at', ({ dx, dy, mirrored, channels }) => {
    const source = stripes(160, 120, channels);
    const [width, height] = [113, 85];
    const shown = resample(source, width, height, mirrored, dx, dy);
    const screen = { data: shown, width, height, channels: 3 } as Picture;
    expect(registered(screen, source, mirrored)).toEqual(shown);
  });

  it('mirrors: the first column drawn is the source’s last', () => {
    const source = stripes(8, 4, 3);
    const plain = resample(source, 8, 4, false);
    const mirrored = resample(source, 8, 4, true);
    expect([...mirrored.slice(0, 3)]).toEqual([...plain.slice(7 * 3, 8 * 3)]);
  });
});
