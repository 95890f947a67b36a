// The source picture as the screen draws it: scaled by bilinear point sampling (as a WebGL
// texture is drawn without mipmaps), mirrored when shown mirrored, and moved by the fraction of a
// pixel that places the picture's box on the page (a box at x = 9.75 CSS px is drawn a quarter
// pixel off the screenshot's grid). The shift is found by trying, so the judge compares like
// with like instead of counting every sharp edge of the background as changed.
import type { Picture } from './barcode.mjs';

/** Shifts tried on each axis, output pixels. */
const SHIFTS = [-1, -0.5, 0, 0.5, 1];

/** `source` drawn at `width`×`height`, mirrored if asked, moved by (dx, dy) output pixels. */
export function resample(
  source: Picture,
  width: number,
  height: number,
  mirrored: boolean,
  dx = 0,
  dy = 0,
): Uint8Array {
  const { data, channels } = source;
  const sx = source.width / width;
  const sy = source.height / height;
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(source.height - 1, Math.max(0, (y + 0.5 - dy) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(source.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const ox = mirrored ? width - 1 - x : x;
      const fx = Math.min(source.width - 1, Math.max(0, (ox + 0.5 - dx) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(source.width - 1, x0 + 1);
      const wx = fx - x0;
      const a = (y0 * source.width + x0) * channels;
      const b = (y0 * source.width + x1) * channels;
      const c = (y1 * source.width + x0) * channels;
      const d = (y1 * source.width + x1) * channels;
      const o = (y * width + x) * 3;
      for (let k = 0; k < 3; k++) {
        const top = data[a + k]! * (1 - wx) + data[b + k]! * wx;
        const bottom = data[c + k]! * (1 - wx) + data[d + k]! * wx;
        out[o + k] = Math.round(top * (1 - wy) + bottom * wy);
      }
    }
  }
  return out;
}

/**
 * How far `candidate` (RGB at the picture's size) is from `picture`: the mean of each sampled
 * pixel's largest channel difference, capped so drawn glasses weigh no more than an edge.
 */
function distance(picture: Picture, candidate: Uint8Array, skipRows: number): number {
  const { data, width, height, channels } = picture;
  let sum = 0;
  let n = 0;
  for (let y = skipRows; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const i = (y * width + x) * channels;
      const j = (y * width + x) * 3;
      const d = Math.max(
        Math.abs(data[i]! - candidate[j]!),
        Math.abs(data[i + 1]! - candidate[j + 1]!),
        Math.abs(data[i + 2]! - candidate[j + 2]!),
      );
      sum += Math.min(d, 40);
      n++;
    }
  }
  return sum / Math.max(1, n);
}

/** The source as the screen shows it in `picture`, at the shift that matches best. */
export function registered(
  picture: Picture,
  source: Picture,
  mirrored: boolean,
  skipRows = 0,
): Uint8Array {
  let best: { shown: Uint8Array; score: number } | null = null;
  for (const dy of SHIFTS) {
    for (const dx of SHIFTS) {
      const shown = resample(source, picture.width, picture.height, mirrored, dx, dy);
      const score = distance(picture, shown, skipRows);
      if (!best || score < best.score) best = { shown, score };
    }
  }
  return best!.shown;
}
