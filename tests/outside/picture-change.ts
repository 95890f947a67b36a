// Whether two shots of the screen show different pictures, judged on the picture's own pixels:
// what is drawn over either (a label, a hint, the PD badge) is left out, so a label that changes
// alone does not count.
import { decodePicture, inRects } from './picture-judge';
import type { Shot } from './screen';

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
  const [p, q] = await Promise.all([decodePicture(a.png), decodePicture(b.png)]);
  if (p.width !== q.width || p.height !== q.height) return true;
  const covered = [...a.covered, ...b.covered];
  let changed = 0;
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      if (inRects(covered, x, y)) continue;
      const i = (y * p.width + x) * p.channels;
      const j = (y * q.width + x) * q.channels;
      for (let c = 0; c < 3; c++) {
        if (Math.abs(p.data[i + c]! - q.data[j + c]!) > CHANNEL_CHANGE) {
          if (++changed >= PICTURE_CHANGE) return true;
          break;
        }
      }
    }
  }
  return false;
}
