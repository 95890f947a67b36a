// Whether two shots of the screen show different pictures, judged on the picture's own pixels:
// what is drawn over either (a label, a hint, the PD badge) is left out, so a label that changes
// alone does not count.
import type { Picture } from './barcode.mjs';
import { inRects, type Rect } from './picture-judge';
import { shotPicture, type Shot } from './screen';

/**
 * Fewest changed pixels that make another picture. Worn, frame 002 changes 3 000–4 000 of a
 * photo's pixels (room-light.e2e.ts logs them); the same picture drawn again changes none.
 */
const PICTURE_CHANGE = 100;
/**
 * A pixel changed: one channel moved by more than this, well above PNG round trips and
 * SwiftShader's dithering (0–2), well below a dark rim over skin (60–150).
 */
const CHANNEL_CHANGE = 16;

/** Whether `a` and `b` show different pictures outside what is drawn over either. */
export async function picturesDiffer(a: Shot, b: Shot): Promise<boolean> {
  const [p, q] = await Promise.all([shotPicture(a), shotPicture(b)]);
  if (p.width !== q.width || p.height !== q.height) return true;
  return changedPixels(p, q, CHANNEL_CHANGE, [...a.covered, ...b.covered]) >= PICTURE_CHANGE;
}

/**
 * Pixels of `a` and `b` (one size) with a channel changed by more than `channelChange`, outside
 * `covered`.
 */
export function changedPixels(
  a: Picture,
  b: Picture,
  channelChange: number,
  covered: readonly Rect[] = [],
): number {
  let changed = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (inRects(covered, x, y)) continue;
      const i = (y * a.width + x) * a.channels;
      const j = (y * b.width + x) * b.channels;
      for (let c = 0; c < 3; c++) {
        if (Math.abs(a.data[i + c]! - b.data[j + c]!) > channelChange) {
          changed++;
          break;
        }
      }
    }
  }
  return changed;
}
