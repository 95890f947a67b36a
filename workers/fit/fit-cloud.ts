/**
 * The glasses' geometry as the fit reads it: vertex positions in the model's world space (every
 * node transform applied, rotations and negative scales included), one mesh at a time.
 */
export interface FitMesh {
  name: string;
  /** x, y, z triples in world space. */
  positions: ArrayLike<number>;
  triangles: number;
  /** A lens: transparent or glass-like material, or named so (the boxing size reads it). */
  lens?: boolean;
}

export type Axis = 0 | 1 | 2;
export const AXES: readonly Axis[] = [0, 1, 2];
export const AXIS_NAMES = ['x', 'y', 'z'] as const;

export interface Box {
  min: [number, number, number];
  max: [number, number, number];
}

export const emptyBox = (): Box => ({
  min: [Infinity, Infinity, Infinity],
  max: [-Infinity, -Infinity, -Infinity],
});

export function boxOf(positions: ArrayLike<number>, box: Box = emptyBox()): Box {
  for (let i = 0; i + 2 < positions.length; i += 3) {
    for (const a of AXES) {
      const v = positions[i + a]!;
      if (v < box.min[a]) box.min[a] = v;
      if (v > box.max[a]) box.max[a] = v;
    }
  }
  return box;
}

export const extent = (box: Box, a: Axis): number => box.max[a] - box.min[a];
export const centre = (box: Box, a: Axis): number => (box.max[a] + box.min[a]) / 2;
export const diagonal = (box: Box): number =>
  Math.hypot(extent(box, 0), extent(box, 1), extent(box, 2));

export function union(a: Box, b: Box): Box {
  return {
    min: [Math.min(a.min[0], b.min[0]), Math.min(a.min[1], b.min[1]), Math.min(a.min[2], b.min[2])],
    max: [Math.max(a.max[0], b.max[0]), Math.max(a.max[1], b.max[1]), Math.max(a.max[2], b.max[2])],
  };
}

/** True when the boxes overlap once `a` is grown by `margin` on every side. */
export function touches(a: Box, b: Box, margin: number): boolean {
  return AXES.every((i) => a.min[i] - margin <= b.max[i] && b.min[i] <= a.max[i] + margin);
}

/** All points of the given meshes in one flat array. */
export function cloudOf(meshes: readonly FitMesh[]): Float32Array {
  const total = meshes.reduce((n, m) => n + Math.floor(m.positions.length / 3) * 3, 0);
  const out = new Float32Array(total);
  let offset = 0;
  for (const mesh of meshes) {
    const n = Math.floor(mesh.positions.length / 3) * 3;
    for (let i = 0; i < n; i++) out[offset + i] = mesh.positions[i]!;
    offset += n;
  }
  return out;
}

/**
 * How well a point cloud mirrors onto itself across the mid-plane of its box along `axis`: the
 * share of occupied grid cells whose mirror cell (or its neighbour along the axis, for a centre
 * that falls between cells) is occupied too. Cells make it independent of vertex density.
 */
export function mirrorScore(points: Float32Array, box: Box, axis: Axis, cells = 40): number {
  const size = AXES.map((a) => extent(box, a) || 1);
  const index = (v: number, a: Axis) =>
    Math.min(cells - 1, Math.max(0, Math.floor(((v - box.min[a]) / size[a]!) * cells)));
  const occupied = new Uint8Array(cells * cells * cells);
  const key = (i: number, j: number, k: number) => (i * cells + j) * cells + k;
  for (let p = 0; p + 2 < points.length; p += 3) {
    occupied[key(index(points[p]!, 0), index(points[p + 1]!, 1), index(points[p + 2]!, 2))] = 1;
  }
  let count = 0;
  let mirrored = 0;
  const cell: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < cells; i++) {
    for (let j = 0; j < cells; j++) {
      for (let k = 0; k < cells; k++) {
        if (!occupied[key(i, j, k)]) continue;
        count++;
        cell[0] = i;
        cell[1] = j;
        cell[2] = k;
        const m = cells - 1 - cell[axis];
        let hit = false;
        for (const step of [0, -1, 1]) {
          const c = m + step;
          if (c < 0 || c >= cells) continue;
          const probe: [number, number, number] = [...cell];
          probe[axis] = c;
          if (occupied[key(probe[0], probe[1], probe[2])]) hit = true;
        }
        if (hit) mirrored++;
      }
    }
  }
  return count > 0 ? mirrored / count : 0;
}

/** Skewness along an axis: the front of a pair of glasses holds most of its mass. */
export function skew(points: Float32Array, axis: Axis): number {
  const n = points.length / 3;
  let mean = 0;
  for (let p = axis; p < points.length; p += 3) mean += points[p]!;
  mean /= n;
  let m2 = 0;
  let m3 = 0;
  for (let p = axis; p < points.length; p += 3) {
    const d = points[p]! - mean;
    m2 += d * d;
    m3 += d * d * d;
  }
  m2 /= n;
  m3 /= n;
  return m2 > 0 ? m3 / Math.pow(m2, 1.5) : 0;
}
