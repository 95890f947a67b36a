import { Matrix4, Vector3, type BufferAttribute, type Mesh, type Object3D } from 'three';

/** Directions each lens opening's rim is read in: 48 (every 7.5°), as lens-outline.ts. */
export const RIM_DIRECTIONS = 48;

/**
 * Both lens openings of worn glasses in their own canonical space (cm, X right, Y up; the
 * glasses' object space): each side's centre (its box's) and, in each of RIM_DIRECTIONS
 * directions from it (counter-clockwise from +X), how far the lens reaches. Side 0 is −X.
 */
export interface LensRims {
  centres: [x: number, y: number][];
  /** 2 × RIM_DIRECTIONS radii (cm), side 0 first; 0 where a side has no lens. */
  radii: Float32Array;
  /** Each side's nearest and farthest rim from its centre (cm): [min0, max0, min1, max1]. */
  extents: [number, number, number, number];
}

/** Each lens mesh's own space → the glasses object's (fixed: the lenses are not posed apart). */
export function lensToGlasses(glasses: Object3D, lens: Mesh): Matrix4 {
  glasses.updateWorldMatrix(true, true);
  return new Matrix4()
    .copy(glasses.matrix)
    .multiply(new Matrix4().copy(glasses.matrixWorld).invert())
    .multiply(lens.matrixWorld);
}

/**
 * The rims, from the lens triangles' edges: in each direction the farthest crossing of a ray
 * from the side's centre with any edge, so a lens drawn with few vertices still gets its true
 * outline between them (inner edges cross nearer, and never win).
 */
export function lensRims(glasses: Object3D, lenses: readonly Mesh[]): LensRims {
  const sides: number[][] = [[], []];
  const point = new Vector3();
  for (const lens of lenses) {
    const toGlasses = lensToGlasses(glasses, lens);
    const position = lens.geometry.getAttribute('position') as BufferAttribute;
    const index = lens.geometry.getIndex();
    const count = index ? index.count : position.count;
    const at = (i: number) => (index ? index.getX(i) : i);
    const xy: number[] = [];
    for (let v = 0; v < position.count; v++) {
      point.fromBufferAttribute(position, v).applyMatrix4(toGlasses);
      xy.push(point.x, point.y);
    }
    for (let t = 0; t + 2 < count; t += 3) {
      const [a, b, c] = [at(t), at(t + 1), at(t + 2)];
      // A triangle belongs to the side its first corner is on (lenses do not cross the nose).
      const side = sides[xy[2 * a]! < 0 ? 0 : 1]!;
      for (const [p, q] of [
        [a, b],
        [b, c],
        [c, a],
      ] as const)
        side.push(xy[2 * p]!, xy[2 * p + 1]!, xy[2 * q]!, xy[2 * q + 1]!);
    }
  }
  const radii = new Float32Array(2 * RIM_DIRECTIONS);
  const extents: LensRims['extents'] = [0, 0, 0, 0];
  const centres = sides.map((segments, s): [number, number] => {
    if (segments.length === 0) return [0, 0];
    const centre = boxCentre(segments);
    const side = farthestCrossings(segments, centre);
    radii.set(side, s * RIM_DIRECTIONS);
    extents[2 * s] = Math.min(...side);
    extents[2 * s + 1] = Math.max(...side);
    return centre;
  });
  return { centres, radii, extents };
}

function boxCentre(segments: readonly number[]): [number, number] {
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i + 1 < segments.length; i += 2) {
    x0 = Math.min(x0, segments[i]!);
    x1 = Math.max(x1, segments[i]!);
    y0 = Math.min(y0, segments[i + 1]!);
    y1 = Math.max(y1, segments[i + 1]!);
  }
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}

/** In each direction from `centre`, the farthest point where a ray crosses a segment. */
function farthestCrossings(segments: readonly number[], [cx, cy]: [number, number]): number[] {
  const radii: number[] = [];
  for (let d = 0; d < RIM_DIRECTIONS; d++) {
    const angle = (2 * Math.PI * d) / RIM_DIRECTIONS;
    const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
    let far = 0;
    for (let i = 0; i + 3 < segments.length; i += 4) {
      const [ax, ay] = [segments[i]! - cx, segments[i + 1]! - cy];
      const [ex, ey] = [segments[i + 2]! - cx - ax, segments[i + 3]! - cy - ay];
      // Solve centre + r·u = a + s·e for r ≥ 0, s in [0, 1].
      const det = ex * uy - ey * ux;
      if (Math.abs(det) < 1e-12) continue;
      const s = (ay * ux - ax * uy) / det;
      if (s < 0 || s > 1) continue;
      const r = ux * (ax + s * ex) + uy * (ay + s * ey);
      if (r > far) far = r;
    }
    radii.push(far);
  }
  return radii;
}
