// How much darker the skin is just below and just above the glasses, in a picture with them
// against the same picture without them (both as the screen showed them): a contact shadow
// darkens a band under the rims (issue 52). Nothing here asks the app.
import type { Picture } from './barcode.mjs';
import { CHANGED, lumaAt as luma } from './picture-judge';

export interface ShadowBand {
  /** Mean darkening (0–255 brightness) of the band below the frame and of the band above it. */
  below: number;
  above: number;
  /** Columns the bands were read in, and the band's height (px). */
  columns: number;
  bandPx: number;
}

/**
 * The frame is where the two pictures differ by more than CHANGED. In the middle 80 % of its
 * columns, the band starts `gapPx` past its lowest (and highest) such pixel in each column and
 * is a fiftieth of the frame's width tall; pixels of the frame itself are left out.
 */
export function shadowBand(worn: Picture, bare: Picture, gapPx = 2): ShadowBand {
  const { width, height } = worn;
  if (bare.width !== width || bare.height !== height) throw new Error('pictures differ in size');
  const dark = new Float32Array(width * height);
  const frame = new Uint8Array(width * height);
  let [x0, x1] = [width, -1];
  for (let i = 0; i < dark.length; i++) {
    dark[i] = luma(bare, i) - luma(worn, i);
    if (Math.abs(dark[i]!) <= CHANGED) continue;
    frame[i] = 1;
    x0 = Math.min(x0, i % width);
    x1 = Math.max(x1, i % width);
  }
  if (x1 < x0) throw new Error('no glasses in the picture');
  const bandPx = Math.max(3, Math.round((x1 - x0) / 50));
  const margin = Math.round((x1 - x0) * 0.1);
  const sums = { below: 0, above: 0, nBelow: 0, nAbove: 0 };
  let columns = 0;
  for (let x = x0 + margin; x <= x1 - margin; x++) {
    let [top, bottom] = [-1, -1];
    for (let y = 0; y < height; y++) {
      if (!frame[y * width + x]) continue;
      if (top < 0) top = y;
      bottom = y;
    }
    if (top < 0) continue;
    columns++;
    for (let k = 0; k < bandPx; k++) {
      const down = bottom + gapPx + k;
      const up = top - gapPx - k;
      if (down < height && !frame[down * width + x]) {
        sums.below += dark[down * width + x]!;
        sums.nBelow++;
      }
      if (up >= 0 && !frame[up * width + x]) {
        sums.above += dark[up * width + x]!;
        sums.nAbove++;
      }
    }
  }
  return {
    below: sums.below / Math.max(1, sums.nBelow),
    above: sums.above / Math.max(1, sums.nAbove),
    columns,
    bandPx,
  };
}
