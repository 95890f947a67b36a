// Reads the band clips.mjs paints: which source frame a picture shows, and whether it is shown
// mirrored (the white marker on the right).
import { BITS, CELLS } from './clips.mjs';

/**
 * @typedef {{ data: Uint8Array, width: number, height: number, channels: number }} Picture
 * @typedef {{ index: number, mirrored: boolean }} Code
 */

/**
 * The frame index a picture shows, or null where the band cannot be read (no band, cut off, or
 * a cell that is neither clearly white nor clearly black).
 * @param {Picture} picture the source's whole frame as shown (any scale)
 * @param {number} rows the band's height in this picture's rows
 * @returns {Code | null}
 */
export function readCode(picture, rows) {
  const { data, width, channels } = picture;
  // The band's upper part only: a label drawn over the picture's corner starts a few rows down.
  const last = Math.max(1, Math.floor(rows * 0.4));
  /** @type {number[]} */
  const cells = [];
  for (let c = 0; c < CELLS; c++) {
    const from = Math.floor(((c + 0.3) * width) / CELLS);
    const to = Math.ceil(((c + 0.7) * width) / CELLS);
    let sum = 0;
    let count = 0;
    for (let y = 1; y <= last; y++) {
      for (let x = from; x < to; x++) {
        const i = (y * width + x) * channels;
        sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
        count++;
      }
    }
    const mean = sum / count;
    if (mean > 70 && mean < 185) return null;
    cells.push(mean >= 185 ? 1 : 0);
  }
  const mirrored = cells[0] === 0 && cells[CELLS - 1] === 1;
  if (!mirrored && !(cells[0] === 1 && cells[CELLS - 1] === 0)) return null;
  if (mirrored) cells.reverse();
  let index = 0;
  for (let b = 0; b < BITS; b++) index += cells[b + 1] * 2 ** b;
  return { index, mirrored };
}
