import type { Orientation } from './fit-axes';

/** Directions the outline is read in (every 7.5°): the farthest lens point in each. */
export const OUTLINE_DIRECTIONS = 48;
/** An outline with fewer directions than this holding a point is no outline (a sliver). */
const MIN_DIRECTIONS = 36;
/** Points nearer the centre line than this share of the width are the bridge (fit-size.ts). */
const NOSE = 0.02;

/**
 * One lens opening's outline (issue 39), from the lens meshes' points: the farthest point from
 * the opening's boxed centre in each of OUTLINE_DIRECTIONS directions, as [x, y] pairs in mm, x
 * toward the temple and y up, in angle order. The lens on one side is read (the frames are
 * mirror images; the fit checks how well). Null when too few directions hold a lens point.
 * `toMm`: model units to millimetres.
 */
export function lensOutline(
  lensPoints: Float32Array,
  o: Orientation,
  widthCentre: number,
  widthSpan: number,
  toMm: number,
): number[] | null {
  const side: number[] = [];
  for (let p = 0; p + 2 < lensPoints.length; p += 3) {
    const w = lensPoints[p + o.width]! - widthCentre;
    if (w < -NOSE * widthSpan) side.push(w, lensPoints[p + o.up]! * o.upSign);
  }
  if (side.length === 0) return null;
  let [wMin, wMax, uMin, uMax] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < side.length; i += 2) {
    wMin = Math.min(wMin, side[i]!);
    wMax = Math.max(wMax, side[i]!);
    uMin = Math.min(uMin, side[i + 1]!);
    uMax = Math.max(uMax, side[i + 1]!);
  }
  const [cw, cu] = [(wMin + wMax) / 2, (uMin + uMax) / 2];
  const far = new Array<[number, number, number] | null>(OUTLINE_DIRECTIONS).fill(null);
  for (let i = 0; i < side.length; i += 2) {
    // On this side (w < 0) the temple is toward −w.
    const x = -(side[i]! - cw);
    const y = side[i + 1]! - cu;
    const r = Math.hypot(x, y);
    const turn = (Math.atan2(y, x) + 2 * Math.PI) % (2 * Math.PI);
    const bin = Math.floor((turn / (2 * Math.PI)) * OUTLINE_DIRECTIONS) % OUTLINE_DIRECTIONS;
    if (!far[bin] || far[bin]![2] < r) far[bin] = [x, y, r];
  }
  const found = far.filter((point) => point !== null);
  if (found.length < MIN_DIRECTIONS) return null;
  return found.flatMap(([x, y]) => [x * toMm, y * toMm]);
}
