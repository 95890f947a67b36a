// The thin lines of a frame on the face, as the screen shows them: a wearer's own glasses, read
// around an independent detection's eyes. A pixel is on a line where it is darker or brighter
// than both of its neighbours a few pixels away across it, in some direction (a second
// difference): a rim 1–3 px wide, not the soft shading of skin. The app finds lines otherwise
// (a grey closing and opening, workers/render/own-glasses-shaders.ts).
import type { Picture } from './barcode.mjs';
import { inRects, lumaAt, type Rect } from './picture-judge';
import type { ReferenceLandmarks } from '../e2e/reference-eyes';

/** A line's depth against its neighbours on both sides that counts (0–255 brightness). */
const LINE_DEPTH = 12;
/** The neighbours' distance, in eye spans (3 px at an 85 px span). */
const ACROSS_SPANS = 0.035;
/** The band read, in eye spans from the eyes' midpoint: along the eye line and down it. */
export const BAND_SPANS = { along: 1.2, up: 0.55, down: 0.8 } as const;
/** Beyond this distance from the eyes' midpoint (eye spans), the picture is not the band's. */
export const OUTSIDE_SPANS = 1.9;
/** Each eye's opening, left out (its lids and lashes are lines too), as its width's share. */
const EYE_HALF = [0.62, 0.34] as const;

/** Where a face is on a picture, in its pixels. */
export interface FaceFrame {
  mid: [number, number];
  span: number;
  /** The eye line's direction, and down it (towards the mouth). */
  along: [number, number];
  down: [number, number];
  /** Each eye's centre (corner to corner) and width, px. */
  eyes: { x: number; y: number; width: number }[];
}

/** The face's frame from the reference's landmarks (irises 468/473, corners 33/133, 362/263). */
export function faceFrame(face: ReferenceLandmarks): FaceFrame {
  const at = (i: number): [number, number] => [
    face.points[i]!.x * face.width,
    face.points[i]!.y * face.height,
  ];
  const [a, b] = [at(468), at(473)];
  const span = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const along: [number, number] = [(b[0] - a[0]) / span, (b[1] - a[1]) / span];
  const flip = along[0] < 0 ? -1 : 1;
  along[0] *= flip;
  along[1] *= flip;
  const eyes = [
    [33, 133],
    [362, 263],
  ].map(([i, j]) => {
    const [p, q] = [at(i!), at(j!)];
    return {
      x: (p[0] + q[0]) / 2,
      y: (p[1] + q[1]) / 2,
      width: Math.hypot(q[0] - p[0], q[1] - p[1]),
    };
  });
  return {
    mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
    span,
    along,
    down: [-along[1], along[0]],
    eyes,
  };
}

/** Pixel (x, y) in the face's frame: eye spans along the eye line and down it. */
function spansOf(f: FaceFrame, x: number, y: number): [number, number] {
  const [dx, dy] = [x - f.mid[0], y - f.mid[1]];
  return [(dx * f.along[0] + dy * f.along[1]) / f.span, (dx * f.down[0] + dy * f.down[1]) / f.span];
}

/** Whether (x, y) lies in the band around the eyes, outside both eyes' openings. */
export function inBand(f: FaceFrame, x: number, y: number): boolean {
  const [u, v] = spansOf(f, x, y);
  if (Math.abs(u) > BAND_SPANS.along || v < -BAND_SPANS.up || v > BAND_SPANS.down) return false;
  return f.eyes.every((e) => {
    const [ex, ey] = [x - e.x, y - e.y];
    const a = (ex * f.along[0] + ey * f.along[1]) / (EYE_HALF[0] * e.width);
    const b = (ex * f.down[0] + ey * f.down[1]) / (EYE_HALF[1] * e.width);
    return a * a + b * b > 1;
  });
}

/** Whether (x, y) lies further from the eyes' midpoint than anything the band may change. */
export function outsideFace(f: FaceFrame, x: number, y: number): boolean {
  return Math.hypot(x - f.mid[0], y - f.mid[1]) > OUTSIDE_SPANS * f.span;
}

/** The share of the band's pixels (outside `covered`) on a thin line. */
export function lineShare(p: Picture, f: FaceFrame, covered: readonly Rect[]): number {
  const d = Math.max(2, Math.round(ACROSS_SPANS * f.span));
  const luma = (x: number, y: number) => lumaAt(p, y * p.width + x);
  let band = 0;
  let lines = 0;
  for (let y = d; y < p.height - d; y++) {
    for (let x = d; x < p.width - d; x++) {
      if (!inBand(f, x, y) || inRects(covered, x, y)) continue;
      band++;
      const c = luma(x, y);
      const pairs = [
        [luma(x - d, y), luma(x + d, y)],
        [luma(x, y - d), luma(x, y + d)],
        [luma(x - d, y - d), luma(x + d, y + d)],
        [luma(x - d, y + d), luma(x + d, y - d)],
      ];
      const deepest = Math.max(
        ...pairs.map(([s, t]) => Math.min(s! - c, t! - c)),
        ...pairs.map(([s, t]) => Math.min(c - s!, c - t!)),
      );
      if (deepest > LINE_DEPTH) lines++;
    }
  }
  if (band === 0) throw new Error('no band around the eyes on the picture');
  return lines / band;
}

/** The mean brightness change between two shots of one picture where `where` holds. */
export function meanChange(
  a: Picture,
  b: Picture,
  covered: readonly Rect[],
  where: (x: number, y: number) => boolean,
): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!where(x, y) || inRects(covered, x, y)) continue;
      const i = y * a.width + x;
      sum += Math.abs(lumaAt(a, i) - lumaAt(b, i));
      n++;
    }
  }
  if (n === 0) throw new Error('no pixels to compare');
  return sum / n;
}
