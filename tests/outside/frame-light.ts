// How the frame is lit in a picture with the glasses against the same picture without them (both
// as the screen showed them): its brightness on the picture's left half and right half, and its
// red and blue (issue 52: the frame's brighter side and colour cast follow the face's). Nothing
// here asks the app.
import type { Picture } from './barcode.mjs';
import { CHANGED, inRects, lumaAt as luma, type Rect } from './picture-judge';

export interface FrameLight {
  /** Pixels of the frame (darkened by more than CHANGED), on each half. */
  pixels: { left: number; right: number };
  /** Mean brightness (0–255) of the frame's pixels on each half of its width. */
  left: number;
  right: number;
  /** Mean red and blue (0–255) of all its pixels. */
  red: number;
  blue: number;
  /** The box its pixels span (px). */
  box: Rect;
}

/**
 * The frame's light in `worn`, its pixels found against `bare` outside `covered` (what is drawn
 * over the picture in either, such as the hint to hold it, px): a dark frame's rims are what
 * the glasses darken by more than CHANGED. The lenses are left out: they show the picture behind
 * them, brightened by their edge's band and reflections, so they carry the picture's light
 * whatever lights the frame.
 */
export function frameLight(worn: Picture, bare: Picture, covered: Rect[] = []): FrameLight {
  const { width, height } = worn;
  if (bare.width !== width || bare.height !== height) throw new Error('pictures differ in size');
  const frame: number[] = [];
  let [x0, x1, y0, y1] = [width, -1, height, -1];
  for (let i = 0; i < width * height; i++) {
    if (luma(bare, i) - luma(worn, i) <= CHANGED) continue;
    if (inRects(covered, i % width, Math.floor(i / width))) continue;
    frame.push(i);
    x0 = Math.min(x0, i % width);
    x1 = Math.max(x1, i % width);
    y0 = Math.min(y0, Math.floor(i / width));
    y1 = Math.max(y1, Math.floor(i / width));
  }
  if (frame.length === 0) throw new Error('no glasses in the picture');
  const middle = (x0 + x1) / 2;
  const sums = { left: 0, right: 0, nLeft: 0, nRight: 0, red: 0, blue: 0 };
  for (const i of frame) {
    const side = i % width < middle ? 'left' : 'right';
    sums[side] += luma(worn, i);
    sums[side === 'left' ? 'nLeft' : 'nRight']++;
    sums.red += worn.data[i * worn.channels]!;
    sums.blue += worn.data[i * worn.channels + 2]!;
  }
  return {
    pixels: { left: sums.nLeft, right: sums.nRight },
    left: sums.left / Math.max(1, sums.nLeft),
    right: sums.right / Math.max(1, sums.nRight),
    red: sums.red / frame.length,
    blue: sums.blue / frame.length,
    box: { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 },
  };
}

/** The mean brightness (0–255) of the frame's pixels, both halves. */
export const brightness = (l: FrameLight) =>
  (l.left * l.pixels.left + l.right * l.pixels.right) / (l.pixels.left + l.pixels.right);
