import { Vector3 } from 'three';
import type { Orientation } from './fit-axes';
import { boxOf, centre, extent, type Box } from './fit-cloud';

export interface Landmarks {
  anchor: Vector3;
  bridge: Vector3;
  lenses: [Vector3, Vector3];
  /** Front width and height, model units. */
  width: number;
  height: number;
}

/** The front slab: the nearest share of the depth (all of a front alone). */
export const FRONT_SLAB = 0.15;

/** Where the front face is along the depth, and a point's distance from it as a share of the depth. */
export function frontFace(box: Box, o: Orientation) {
  const edge = o.frontSign > 0 ? box.max[o.depth] : box.min[o.depth];
  const span = extent(box, o.depth) || 1;
  return {
    edge,
    along: (points: Float32Array, p: number) => Math.abs(points[p + o.depth]! - edge) / span,
  };
}

/**
 * The front slab (nearest 15 % of the depth, all of a front alone): its width is the frame's
 * (temples often flare wider), the lens openings are the boxes of each side without the bridge,
 * and the bridge is the middle of the centre column on the front face (nose pads sit behind it).
 * The anchor is the lens centres' midpoint on the front face.
 */
export function findLandmarks(points: Float32Array, box: Box, o: Orientation): Landmarks {
  const { edge: frontEdge, along: alongOf } = frontFace(box, o);
  const wc = centre(box, o.width);
  const wSpan = extent(box, o.width);
  const sides = [boxOf([]), boxOf([])];
  const front = boxOf([]);
  const bridge = boxOf([]);
  for (let p = 0; p + 2 < points.length; p += 3) {
    const d = points[p + o.depth]!;
    const along = alongOf(points, p);
    if (o.temples && along > FRONT_SLAB) continue;
    const w = points[p + o.width]! - wc;
    const u = points[p + o.up]!;
    boxOf([w, u, d], front);
    if (Math.abs(w) < 0.04 * wSpan && along < 0.05) boxOf([w, u, d], bridge);
    if (Math.abs(w) < 0.12 * wSpan) continue;
    boxOf([w, u, 0], sides[w < 0 ? 0 : 1]);
  }
  const toModel = (w: number, u: number, d: number) => {
    const v = new Vector3();
    v.setComponent(o.width, wc + w);
    v.setComponent(o.up, u);
    v.setComponent(o.depth, d);
    return v;
  };
  const lenses = sides.map((s) =>
    Number.isFinite(s.min[0])
      ? toModel(centre(s, 0), centre(s, 1), frontEdge)
      : toModel(0, centre(front, 1), frontEdge),
  ) as [Vector3, Vector3];
  const anchor = lenses[0].clone().add(lenses[1]).multiplyScalar(0.5);
  anchor.setComponent(o.width, wc);
  return {
    anchor,
    bridge: Number.isFinite(bridge.min[0])
      ? toModel(0, centre(bridge, 1), centre(bridge, 2))
      : anchor.clone(),
    lenses,
    width: extent(front, 0),
    height: extent(front, 1),
  };
}
