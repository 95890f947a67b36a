// Judges a picture the user got (a screenshot of the try-on, a saved photo, a recording's frame)
// against the source frame it shows and an independent detection of that frame's face: which
// pixels the glasses changed, and where they are against the eyes. Nothing here asks the app.
import sharp from 'sharp';
import { readCode, type Picture } from './barcode.mjs';
import { PixelMoments } from './pixel-moments';
import { registered } from './resample';
import type { ReferenceFaces } from './reference-faces';
import { sourceFrame, type RawClip } from './source-frames.mjs';

/** A rectangle of the picture that something else covers (a label over the try-on), px. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Reading {
  /** The source frame shown (−1: a still picture), and whether it is shown mirrored. */
  index: number;
  mirrored: boolean;
  /** Pixels that differ from the source frame (the glasses), and their centre, px. */
  glassesPx: number;
  centre: [number, number];
  /** The reference eyes (iris centres) in this picture, px: [x, y, x, y]; null without a face. */
  eyes: [number, number, number, number] | null;
  eyeSpanPx: number;
  /** The glasses' centre from the eyes' midpoint, in eye spans. */
  offset: number;
  /**
   * The same along the eye line (toward the picture's right eye) and across it (down), in eye
   * spans: where the glasses sit on the face, whatever the picture's size.
   */
  along: number;
  across: number;
  /** The square root of the glasses' area, in eye spans. */
  size: number;
  /** The long axis of the glasses' pixels and the eye line, degrees clockwise. */
  rollDeg: number;
  eyesRollDeg: number;
}

/** Brightness this far from the source frame's (0–255, smoothed) is drawn over it. */
export const CHANGED = 30;

/** Whether pixel (x, y) lies in any of `rects`. */
export const inRects = (rects: readonly Rect[], x: number, y: number) =>
  rects.some((r) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height);

/** Pixel `i`'s brightness (Rec. 601, 0–255). */
export const lumaAt = (p: Picture, i: number) =>
  0.299 * p.data[i * p.channels]! +
  0.587 * p.data[i * p.channels + 1]! +
  0.114 * p.data[i * p.channels + 2]!;

/** Each pixel's brightness (Rec. 601), averaged over its 3×3 neighbourhood. */
function smoothedLuma(data: Uint8Array, channels: number, width: number, height: number) {
  const luma = new Float32Array(width * height);
  for (let p = 0; p < width * height; p++) {
    const i = p * channels;
    luma[p] = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  }
  const out = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      out[p] =
        (luma[p - width - 1]! +
          luma[p - width]! +
          luma[p - width + 1]! +
          luma[p - 1]! +
          luma[p]! +
          luma[p + 1]! +
          luma[p + width - 1]! +
          luma[p + width]! +
          luma[p + width + 1]!) /
        9;
    }
  }
  return out;
}

export const decodePicture = async (png: Buffer | Uint8Array): Promise<Picture> => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
};

const degrees = (radians: number) => (radians * 180) / Math.PI;
/** A line's angle folded into ±90° (either end may come first). */
const fold = (deg: number) => (deg > 90 ? deg - 180 : deg < -90 ? deg + 180 : deg);

/**
 * Reads `picture` (the source's whole frame, any scale, maybe mirrored): null when it names no
 * source frame. `covered`: rectangles something else is drawn over, left out. Without `faces`
 * the glasses are found but not placed (no eyes).
 */
export async function judgePicture(
  picture: Picture,
  clip: RawClip,
  faces: ReferenceFaces | null,
  covered: Rect[] = [],
): Promise<Reading | null> {
  const band = Math.ceil((clip.bandRows * picture.height) / clip.height) + 1;
  const code = readCode(picture, band - 1);
  if (!code || code.index >= clip.frames) return null;
  const source = await sourceFrame(clip, code.index);
  const face = faces ? await faces.face(code.index) : null;
  const reading = await judgeAgainst(picture, source, face?.eyes ?? null, {
    covered,
    mirrored: code.mirrored,
    skipRows: band,
  });
  return { ...reading, index: code.index };
}

export interface JudgeOptions {
  covered?: Rect[];
  /** The source is shown mirrored (a front camera). */
  mirrored?: boolean;
  /** Rows at the top left out (the band). */
  skipRows?: number;
}

/**
 * Judges `picture` against the `source` picture it shows (the whole of it, any scale) and the
 * eyes an independent detector found on the source ([x, y, x, y] as fractions; null: none).
 */
export async function judgeAgainst(
  picture: Picture,
  source: Picture,
  sourceEyes: number[] | null,
  { covered = [], mirrored = false, skipRows = 0 }: JudgeOptions = {},
): Promise<Reading> {
  const { width, height } = picture;
  const shown = registered(picture, source, mirrored, skipRows);
  // Brightness, each pixel the mean of its 3×3 neighbourhood: an edge of the background drawn a
  // hair apart, or a colour bled by chroma upsampling, stays under CHANGED; a rim does not.
  const a = smoothedLuma(picture.data, picture.channels, width, height);
  const b = smoothedLuma(shown, 3, width, height);
  const changed = new PixelMoments();
  for (let y = Math.max(1, skipRows); y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      if (Math.abs(a[p]! - b[p]!) <= CHANGED || inRects(covered, x, y)) continue;
      changed.add(x, y);
    }
  }
  const { count } = changed;
  const [mx, my] = changed.centre;
  const eyes = sourceEyes
    ? (sourceEyes.map((v, k) => (k % 2 === 0 ? (mirrored ? 1 - v : v) * width : v * height)) as [
        number,
        number,
        number,
        number,
      ])
    : null;
  const [lx, ly, rx, ry] = eyes ?? [0, 0, 0, 0];
  const eyeSpanPx = Math.hypot(rx - lx, ry - ly);
  const offset = eyes ? Math.hypot(mx - (lx + rx) / 2, my - (ly + ry) / 2) / eyeSpanPx : NaN;
  // The eye line's unit vector, from the picture's left eye to its right one.
  const [ux, uy] = lx <= rx ? [rx - lx, ry - ly] : [lx - rx, ly - ry];
  const [vx, vy] = [mx - (lx + rx) / 2, my - (ly + ry) / 2];
  const along = eyes ? (vx * ux + vy * uy) / (eyeSpanPx * eyeSpanPx) : NaN;
  const across = eyes ? (vy * ux - vx * uy) / (eyeSpanPx * eyeSpanPx) : NaN;
  return {
    index: -1,
    mirrored,
    glassesPx: count,
    centre: [mx, my],
    eyes,
    eyeSpanPx,
    offset,
    along,
    across,
    size: eyes ? Math.sqrt(count) / eyeSpanPx : NaN,
    rollDeg: fold(changed.axisDeg),
    eyesRollDeg: eyes ? fold(degrees(Math.atan2(ry - ly, rx - lx))) : NaN,
  };
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}
