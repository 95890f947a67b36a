// Whether the head hides the far temple (issue 52): on a turned face, the temple on the side it
// turns away from runs back behind the cheek, so none of it shows inside the face's outline. The
// temples are painted a green nothing else on the picture has (the test's own GLB). The head's
// outline is the backdrop's edge on the picture held bare (portrait-turn's studio backdrop is lit
// pink to blue, its blue above BACKDROP_BLUE, which no skin or hair there reaches; the known
// face's is one flat grey); which side turns away, and where the nose is, an independent
// detector says (reference-eyes.ts).
import type { Picture } from './barcode.mjs';
import { inRects, type Rect } from './picture-judge';
import type { ReferenceLandmarks } from '../e2e/reference-eyes';

const NOSE_BRIDGE = 168;
const NOSE_TIP = 1;
const CHEEKS = [234, 454] as const;

/** The backdrop's blue (0–255) and above: 230–255 measured there, skin and hair 40–190. */
const BACKDROP_BLUE = 215;
/** How far (px) from the backdrop a pixel must lie to count as the head's. */
export const HEAD_MARGIN_PX = 3;

/** A temple's pixel: greener than its red and blue by this much, and this far from the bare. */
const GREEN_LEAD = 40;
const CHANGED = 30;

export interface TempleHide {
  /** Which side of the picture the face turns away from (the nose points there). */
  farSide: 'left' | 'right';
  /** Temple pixels beyond the nose bridge on the far side, and those of them on the head. */
  farPx: number;
  farOnHeadPx: number;
  /** Temple pixels on the near side (the near temple, seen over the side of the head). */
  nearPx: number;
}

/** Whether pixel `i` of `p` is a temple's green. */
const green = (p: Picture, i: number) => {
  const k = i * p.channels;
  return p.data[k + 1]! - Math.max(p.data[k]!, p.data[k + 2]!) >= GREEN_LEAD;
};

/** How many of `p`'s pixels are a temple's green (none on a bare picture). */
export function greenPixels(p: Picture): number {
  let n = 0;
  for (let i = 0; i < p.width * p.height; i++) if (green(p, i)) n++;
  return n;
}

/** Whether pixel `i` of a bare picture shows the backdrop behind the head. */
export type Backdrop = (bare: Picture, i: number) => boolean;

/** portrait-turn's studio backdrop. */
export const studioBackdrop: Backdrop = (bare, i) =>
  bare.data[i * bare.channels + 2]! >= BACKDROP_BLUE;

/**
 * A backdrop of one flat colour, that of the bare picture's left edge half way down (its corners
 * are rounded off on the screen): each channel within FLAT_TOLERANCE of it (the known face's mid
 * grey; skin and hair are far from grey, and the nose's key is checked in occlusion.e2e.ts).
 */
export const flatBackdrop: Backdrop = (bare, i) => {
  const edge = (bare.height >> 1) * bare.width * bare.channels;
  for (let c = 0; c < 3; c++) {
    const d = bare.data[i * bare.channels + c]! - bare.data[edge + c]!;
    if (Math.abs(d) > FLAT_TOLERANCE) return false;
  }
  return true;
};
const FLAT_TOLERANCE = 8;

/** Whether (x, y) shows the head: no backdrop within HEAD_MARGIN_PX of it. */
function onHead(bare: Picture, x: number, y: number, backdrop: Backdrop): boolean {
  const m = HEAD_MARGIN_PX;
  if (x < m || y < m || x >= bare.width - m || y >= bare.height - m) return false;
  for (let dy = -m; dy <= m; dy++)
    for (let dx = -m; dx <= m; dx++)
      if (backdrop(bare, (y + dy) * bare.width + x + dx)) return false;
  return true;
}

/**
 * The green temples on `worn` against `bare` (the same picture without the glasses), split at
 * the nose bridge, and how many of the far one's pixels lie on the head.
 */
export function templeHide(
  worn: Picture,
  bare: Picture,
  face: ReferenceLandmarks,
  covered: readonly Rect[],
  backdrop: Backdrop,
): TempleHide {
  const { width, height, channels } = worn;
  const xOf = (i: number) => face.points[i]!.x * width;
  const farSide = xOf(NOSE_TIP) < (xOf(CHEEKS[0]) + xOf(CHEEKS[1])) / 2 ? 'left' : 'right';
  const bridgeX = xOf(NOSE_BRIDGE);
  const result: TempleHide = { farSide, farPx: 0, farOnHeadPx: 0, nearPx: 0 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (inRects(covered, x, y)) continue;
      if (!green(worn, y * width + x)) continue;
      const i = (y * width + x) * channels;
      const [r, g, b] = [worn.data[i]!, worn.data[i + 1]!, worn.data[i + 2]!];
      const moved = Math.max(
        Math.abs(r - bare.data[i]!),
        Math.abs(g - bare.data[i + 1]!),
        Math.abs(b - bare.data[i + 2]!),
      );
      if (moved < CHANGED) continue;
      const far = farSide === 'left' ? x < bridgeX : x > bridgeX;
      if (!far) {
        result.nearPx++;
        continue;
      }
      result.farPx++;
      if (onHead(bare, x, y, backdrop)) result.farOnHeadPx++;
    }
  }
  return result;
}
