// Where the frame's contact shadow lies in a picture the screen showed with the glasses on,
// against the same picture held bare: what darkens the skin by a small share around the frame's
// box is its shadow; the frame itself (a dark one darkens what it covers by most of its light)
// and its edge are left out. Issue 52: the shadow falls away from the light. Nothing here asks
// the app.
import type { Picture } from './barcode.mjs';
import { CHANGED, inRects, lumaAt as luma, type Rect } from './picture-judge';

export interface ShadowLean {
  /** The shadow's centre across the picture, px from its left, weighted by its darkening. */
  x: number;
  /** Its darkening summed (each pixel's share of its brightness lost). */
  weight: number;
}

/** Brightness below which a pixel's share lost is noise (a level is a tenth of it or more). */
const DIM = 16;
/**
 * A pixel that loses more than this share is the frame's: a dark frame takes most of the light,
 * the shadow at most SHADOW_OPACITY's 0.15 (workers/render/contact-shadow.ts).
 */
const FRAME_SHARE = 0.3;
/** Pixels this near the frame are left out: its antialiased edge. */
const EDGE_PX = 2;

/** The pixels `isFrame` takes and those within EDGE_PX of them (its antialiased edge). */
function frameMask(width: number, height: number, isFrame: (i: number) => boolean): Uint8Array {
  const frame = new Uint8Array(width * height);
  for (let i = 0; i < frame.length; i++) {
    if (!isFrame(i)) continue;
    const [x, y] = [i % width, Math.floor(i / width)];
    for (let dy = -EDGE_PX; dy <= EDGE_PX; dy++) {
      for (let dx = -EDGE_PX; dx <= EDGE_PX; dx++) {
        const [u, v] = [x + dx, y + dy];
        if (u >= 0 && u < width && v >= 0 && v < height) frame[v * width + u] = 1;
      }
    }
  }
  return frame;
}

/**
 * The shadow in `worn` against `bare`, in the ring `margin` px wide around `box` (the frame's),
 * outside `covered` (px). Inside the box the lenses show the picture again, with their own
 * reflections and tint, which darken it by the picture's light: they are not read.
 */
export function shadowLean(
  worn: Picture,
  bare: Picture,
  box: Rect,
  margin: number,
  covered: Rect[] = [],
): ShadowLean {
  const { width, height } = worn;
  if (bare.width !== width || bare.height !== height) throw new Error('pictures differ in size');
  const lost = new Float32Array(width * height);
  for (let i = 0; i < lost.length; i++) {
    const before = luma(bare, i);
    lost[i] = Math.max(0, before - luma(worn, i)) / Math.max(before, DIM);
  }
  const frame = frameMask(width, height, (i) => lost[i]! > FRAME_SHARE);
  const skipped = [box, ...covered];
  let [sum, weight] = [0, 0];
  const [x0, y0] = [Math.max(0, box.x - margin), Math.max(0, box.y - margin)];
  const x1 = Math.min(width, box.x + box.width + margin);
  const y1 = Math.min(height, box.y + box.height + margin);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      if (frame[i] || inRects(skipped, x, y)) continue;
      sum += lost[i]! * x;
      weight += lost[i]!;
    }
  }
  // No shadow: no centre (NaN), which no bound takes.
  return { x: weight > 0 ? sum / weight : NaN, weight };
}

/**
 * How much light the contact shadow takes from the picture: `shaded` against `unshaded`, the same
 * look drawn with the glasses but no shadow (`?shadow=off`), each pixel's share of its brightness
 * lost, summed. The frame is the same in both (a photo's one detection, the same pose), so only
 * the shadow differs, wherever it shows (under the lenses too); the frame's own pixels (where
 * `unshaded` differs from `bare`, the look held bare, by more than CHANGED) are left out. The
 * skin beside the rims is not: the shadow is darkest there, wherever the light moves it (the
 * fringe further out grows as the light moves it out from under the rims).
 */
export function shadowDepth(
  shaded: Picture,
  unshaded: Picture,
  bare: Picture,
  covered: Rect[] = [],
): number {
  const { width, height } = shaded;
  const sizes = [unshaded, bare].map((p) => `${p.width}×${p.height}`);
  if (sizes.some((size) => size !== `${width}×${height}`)) throw new Error('sizes differ');
  let lost = 0;
  for (let i = 0; i < width * height; i++) {
    const before = luma(unshaded, i);
    if (Math.abs(before - luma(bare, i)) > CHANGED) continue;
    if (inRects(covered, i % width, Math.floor(i / width))) continue;
    lost += Math.max(0, before - luma(shaded, i)) / Math.max(before, DIM);
  }
  return lost;
}
