// The source picture as the screen draws it: scaled by bilinear point sampling (as a WebGL
// texture is drawn without mipmaps), mirrored when shown mirrored, and moved by the fraction of a
// pixel that places the picture's box on the page (a box at x = 9.75 CSS px is drawn a quarter
// pixel off the screenshot's grid). The shift is found by trying, so the judge compares like
// with like instead of counting every sharp edge of the background as changed.
import type { Picture } from './barcode.mjs';

/** Shifts tried on each axis, output pixels. */
const SHIFTS = [-1, -0.5, 0, 0.5, 1];

/** Where each output pixel on one axis samples the source: two neighbours and a weight. */
interface Axis {
  lo: Int32Array;
  hi: Int32Array;
  w: Float64Array;
}

/** The bilinear taps of `size` output pixels over `sourceSize`, reversed if mirrored, shifted. */
function axis(sourceSize: number, size: number, shift: number, mirrored: boolean): Axis {
  const scale = sourceSize / size;
  const lo = new Int32Array(size);
  const hi = new Int32Array(size);
  const w = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const o = mirrored ? size - 1 - i : i;
    const f = Math.min(sourceSize - 1, Math.max(0, (o + 0.5 - shift) * scale - 0.5));
    lo[i] = Math.floor(f);
    hi[i] = Math.min(sourceSize - 1, lo[i]! + 1);
    w[i] = f - lo[i]!;
  }
  return { lo, hi, w };
}

/**
 * Calls `use(x, y, r, g, b)` with the resampled colour of every `step`-th pixel from row `y0`:
 * the one sampling loop behind the picture (`resample`) and the shift's score (`distance`).
 */
function sample(
  source: Picture,
  xs: Axis,
  ys: Axis,
  y0: number,
  step: number,
  use: (x: number, y: number, r: number, g: number, b: number) => void,
): void {
  const { data, channels, width: sw } = source;
  const width = xs.w.length;
  const height = ys.w.length;
  const px = [0, 0, 0];
  for (let y = y0; y < height; y += step) {
    const wy = ys.w[y]!;
    const rowA = ys.lo[y]! * sw;
    const rowC = ys.hi[y]! * sw;
    for (let x = 0; x < width; x += step) {
      const wx = xs.w[x]!;
      const a = (rowA + xs.lo[x]!) * channels;
      const b = (rowA + xs.hi[x]!) * channels;
      const c = (rowC + xs.lo[x]!) * channels;
      const d = (rowC + xs.hi[x]!) * channels;
      for (let k = 0; k < 3; k++) {
        const top = data[a + k]! * (1 - wx) + data[b + k]! * wx;
        const bottom = data[c + k]! * (1 - wx) + data[d + k]! * wx;
        px[k] = Math.round(top * (1 - wy) + bottom * wy);
      }
      use(x, y, px[0]!, px[1]!, px[2]!);
    }
  }
}

/** `source` drawn at `width`×`height`, mirrored if asked, moved by (dx, dy) output pixels. */
export function resample(
  source: Picture,
  width: number,
  height: number,
  mirrored: boolean,
  dx = 0,
  dy = 0,
): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  const xs = axis(source.width, width, dx, mirrored);
  const ys = axis(source.height, height, dy, false);
  sample(source, xs, ys, 0, 1, (x, y, r, g, b) => {
    const o = (y * width + x) * 3;
    out[o] = r;
    out[o + 1] = g;
    out[o + 2] = b;
  });
  return out;
}

/**
 * How far the source resampled at (dx, dy) is from `picture`: the mean of every second pixel's
 * (each way) largest channel difference, capped so drawn glasses weigh no more than an edge.
 * Only the pixels it scores are resampled: the search tries 25 shifts.
 */
function distance(
  picture: Picture,
  source: Picture,
  mirrored: boolean,
  dx: number,
  dy: number,
  skipRows: number,
): number {
  const { data, width, height, channels } = picture;
  const xs = axis(source.width, width, dx, mirrored);
  const ys = axis(source.height, height, dy, false);
  let sum = 0;
  let n = 0;
  sample(source, xs, ys, skipRows, 2, (x, y, r, g, b) => {
    const i = (y * width + x) * channels;
    const d = Math.max(
      Math.abs(data[i]! - r),
      Math.abs(data[i + 1]! - g),
      Math.abs(data[i + 2]! - b),
    );
    sum += Math.min(d, 40);
    n++;
  });
  return sum / Math.max(1, n);
}

/** The source as the screen shows it in `picture`, at the shift that matches best. */
export function registered(
  picture: Picture,
  source: Picture,
  mirrored: boolean,
  skipRows = 0,
): Uint8Array {
  let best = { dx: 0, dy: 0, score: Infinity };
  for (const dy of SHIFTS) {
    for (const dx of SHIFTS) {
      const score = distance(picture, source, mirrored, dx, dy, skipRows);
      if (score < best.score) best = { dx, dy, score };
    }
  }
  return resample(source, picture.width, picture.height, mirrored, best.dx, best.dy);
}
