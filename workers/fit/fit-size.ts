import type { Orientation } from './fit-axes';
import { centre, extent, type Box } from './fit-cloud';
import { FRONT_SLAB, frontFace } from './fit-landmarks';

/** Boxing size in model units (ISO 8624: lens width a, bridge d), before the unit is applied. */
export interface RawBoxing {
  lens: number;
  bridge: number;
  /** Temple length along the depth, or null for a front alone. */
  temple: number | null;
  fromLenses: boolean;
}

/** Share of the front's height, around the lens centres, where the rims are read. */
const BAND = 0.15;
/** Points nearer the centre line than this share of the width are the bridge, not a lens. */
const NOSE = 0.02;

/** Per side (wearer's right, left): the nearest and farthest distance from the centre line. */
function sideSpans(
  points: Float32Array,
  o: Orientation,
  wc: number,
  wSpan: number,
  keep: (p: number) => boolean,
): [number, number][] | null {
  const spans: [number, number][] = [
    [Infinity, -Infinity],
    [Infinity, -Infinity],
  ];
  for (let p = 0; p + 2 < points.length; p += 3) {
    if (!keep(p)) continue;
    const w = points[p + o.width]! - wc;
    if (Math.abs(w) < NOSE * wSpan) continue;
    const span = spans[w < 0 ? 0 : 1]!;
    span[0] = Math.min(span[0], Math.abs(w));
    span[1] = Math.max(span[1], Math.abs(w));
  }
  return spans.every(([near, far]) => far > near) ? spans : null;
}

/**
 * The lens openings' width and the gap between them: from the lens meshes where the file marks
 * them (exact), otherwise from the front at the lens centres' height, where only the rims are
 * (their outer edges: a few millimetres more than the lens). The temple length is the depth from
 * the front face to the tips: it counts the front's own depth (3–12 mm on the built-in frames,
 * whose hinge-to-tip length is known) and leaves out the drop of a bent tip.
 */
export function boxingOf(
  points: Float32Array,
  lensPoints: Float32Array | null,
  box: Box,
  o: Orientation,
  lensHeight: number,
  frontHeight: number,
): RawBoxing {
  const wc = centre(box, o.width);
  const wSpan = extent(box, o.width);
  const { along } = frontFace(box, o);
  const inFront = (p: number) => !o.temples || along(points, p) < FRONT_SLAB;
  const inBand = (p: number) => Math.abs(points[p + o.up]! - lensHeight) < BAND * frontHeight;
  const fromLenses = lensPoints ? sideSpans(lensPoints, o, wc, wSpan, () => true) : null;
  const spans = fromLenses ??
    sideSpans(points, o, wc, wSpan, (p) => inFront(p) && inBand(p)) ?? [
      [0, wSpan / 2],
      [0, wSpan / 2],
    ];
  const lens = (spans[0]![1] - spans[0]![0] + spans[1]![1] - spans[1]![0]) / 2;
  return {
    lens,
    bridge: spans[0]![0] + spans[1]![0],
    temple: o.temples ? extent(box, o.depth) : null,
    fromLenses: fromLenses !== null,
  };
}
