import type { FitReason, SignedAxis } from '../../src/shared/glasses-types';
import {
  AXES,
  AXIS_NAMES,
  centre,
  extent,
  mirrorScore,
  skew,
  type Axis,
  type Box,
} from './fit-cloud';

/** How a model's world axes map onto the wearer's: width, up and the way the front faces. */
export interface Orientation {
  width: Axis;
  up: Axis;
  upSign: 1 | -1;
  depth: Axis;
  frontSign: 1 | -1;
  /** Temples run back from the front (depth over 45 % of the width), or a front alone. */
  temples: boolean;
  symmetry: number;
  /** What the orientation had to guess. */
  reasons: FitReason[];
}

/** Frame height over front width of real glasses is about a third (lens 30–55 mm, front ~140). */
const HEIGHT_RATIO = 0.33;
/** A front alone is at least this much wider than anything else about it. */
const FRONT_ONLY_RATIO = 1.6;
/** Depth over width from which the model has temples. */
const TEMPLES_RATIO = 0.45;
/** End slabs along the depth, as a share of it. */
const SLAB = 0.12;

export const parseAxis = (axis: SignedAxis): { axis: Axis; sign: 1 | -1 } => ({
  axis: AXIS_NAMES.indexOf(axis[1] as 'x' | 'y' | 'z') as Axis,
  sign: axis[0] === '-' ? -1 : 1,
});

export const formatAxis = (axis: Axis, sign: number): SignedAxis =>
  `${sign < 0 ? '-' : '+'}${AXIS_NAMES[axis]}` as SignedAxis;

function meanWhere(points: Float32Array, axis: Axis, keep: (p: number) => boolean): number | null {
  let sum = 0;
  let n = 0;
  for (let p = 0; p + 2 < points.length; p += 3) {
    if (!keep(p)) continue;
    sum += points[p + axis]!;
    n++;
  }
  return n > 0 ? sum / n : null;
}

function countWhere(points: Float32Array, keep: (p: number) => boolean): number {
  let n = 0;
  for (let p = 0; p + 2 < points.length; p += 3) if (keep(p)) n++;
  return n;
}

/**
 * The width axis is the one the glasses mirror across. A front alone is far wider than it is
 * tall or deep; with temples, width and depth are alike and only the width is symmetric.
 */
function pickWidth(points: Float32Array, box: Box, candidates: Axis[]): Axis {
  const sorted = [...candidates].sort((a, b) => extent(box, b) - extent(box, a));
  if (sorted.length === 1) return sorted[0]!;
  const [a, b] = [sorted[0]!, sorted[1]!];
  if (extent(box, a) > FRONT_ONLY_RATIO * extent(box, b)) return a;
  return mirrorScore(points, box, a) >= mirrorScore(points, box, b) ? a : b;
}

/** Of the two axes left, up is the one whose extent is nearest a frame's height. */
function pickUp(box: Box, width: Axis, candidates: Axis[]): Axis {
  const distance = (a: Axis) =>
    Math.abs(Math.log(extent(box, a) / extent(box, width) / HEIGHT_RATIO || 1e-9));
  return [...candidates].sort((a, b) => distance(a) - distance(b))[0]!;
}

export function findOrientation(
  points: Float32Array,
  box: Box,
  override: { up?: SignedAxis; front?: SignedAxis },
): Orientation {
  const reasons: FitReason[] = [];
  const fixedUp = override.up ? parseAxis(override.up) : null;
  const fixedFront = override.front ? parseAxis(override.front) : null;
  const free = AXES.filter((a) => a !== fixedUp?.axis && a !== fixedFront?.axis);
  let width: Axis;
  let up: Axis;
  if (fixedUp && fixedFront) {
    width = free[0]!;
    up = fixedUp.axis;
  } else if (fixedUp) {
    up = fixedUp.axis;
    width = pickWidth(points, box, free);
  } else {
    width = pickWidth(points, box, free);
    up = pickUp(
      box,
      width,
      free.filter((a) => a !== width),
    );
  }
  const depth = AXES.find((a) => a !== width && a !== up)!;
  const temples = extent(box, depth) > TEMPLES_RATIO * extent(box, width);
  const wc = centre(box, width);
  const wSpan = extent(box, width);
  const dSpan = extent(box, depth);
  const central = (share: number) => (p: number) =>
    Math.abs(points[p + width]! - wc) < share * wSpan;

  // Front: with temples, the end of the depth that holds the bridge (points near the centre
  // line); the temple tips at the other end sit far out to the sides.
  let frontSign: 1 | -1;
  if (fixedFront) frontSign = fixedFront.sign;
  else if (temples) {
    const share = (nearMax: boolean) => {
      const inSlab = (p: number) =>
        nearMax
          ? points[p + depth]! > box.max[depth] - SLAB * dSpan
          : points[p + depth]! < box.min[depth] + SLAB * dSpan;
      const all = countWhere(points, inSlab);
      const mid = central(0.15);
      return all > 0 ? countWhere(points, (p) => inSlab(p) && mid(p)) / all : 0;
    };
    const [high, low] = [share(true), share(false)];
    if (Math.abs(high - low) < 0.05) reasons.push({ code: 'front-unclear', level: 'warn' });
    frontSign = high >= low ? 1 : -1;
  } else {
    // A front alone: the nose pads reach back, so the long tail of the mass points backwards.
    frontSign = skew(points, depth) < 0 ? 1 : -1;
    reasons.push({ code: 'no-temples', level: 'warn' });
  }

  let upSign: 1 | -1;
  if (fixedUp) upSign = fixedUp.sign;
  else {
    const frontEdge = frontSign > 0 ? box.max[depth] : box.min[depth];
    const along = (p: number) => Math.abs(points[p + depth]! - frontEdge) / (dSpan || 1);
    const frontSlab = (p: number) => along(p) < SLAB;
    let lo = Infinity;
    let hi = -Infinity;
    for (let p = 0; p + 2 < points.length; p += 3) {
      if (!frontSlab(p)) continue;
      lo = Math.min(lo, points[p + up]!);
      hi = Math.max(hi, points[p + up]!);
    }
    const frontMid = Number.isFinite(lo) ? (lo + hi) / 2 : centre(box, up);
    // Temples leave the front near its top (the hinges), whether or not their tips bend down.
    const templeBand = temples
      ? meanWhere(points, up, (p) => along(p) > 0.3 && along(p) < 0.6)
      : null;
    // A front alone: the bridge joins the lenses above their centres.
    const bridge = meanWhere(points, up, (p) => frontSlab(p) && central(0.04)(p));
    const cue = templeBand ?? bridge;
    if (cue === null) reasons.push({ code: 'up-unclear', level: 'warn' });
    upSign = cue === null || cue >= frontMid ? 1 : -1;
  }
  const symmetry = mirrorScore(points, box, width);
  if (symmetry < 0.6) {
    reasons.push({
      code: 'asymmetric',
      level: 'warn',
      values: { symmetry: Number(symmetry.toFixed(2)) },
    });
  }
  return { width, up, upSign, depth, frontSign, temples, symmetry, reasons };
}
