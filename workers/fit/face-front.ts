import { Matrix4, Vector3, type Object3D } from 'three';
import { meshesOf } from './fit-geometry';

/** Spacing of the grid the face's depth is read on, cm (read bilinearly between its points). */
export const FRONT_STEP_CM = 0.25;

/**
 * The skin's depth over the face, in the canonical face's space (cm, face toward +Z), read from
 * the head occluder as it came (the reference head): at each point of a 2.5 mm grid, the
 * frontmost of its triangles there, moved out by the inset the occluder was made with (its
 * `inset` extra, along the surface's normal). Where a front meets the cheeks (face-contact.ts).
 */
export class FaceFront {
  /** Grid key (gridKey) → the occluder's frontmost z at that grid point. */
  private readonly surface = new Map<number, number>();
  /** How far the occluder lies inside the skin, cm. */
  readonly insetCm: number;

  /**
   * `head`: the occluder (loadOccluder), before it joins the face's anchor: its matrices are then
   * relative to the face.
   */
  constructor(head: Object3D) {
    head.updateMatrixWorld(true);
    let inset = 0;
    head.traverse((node) => {
      const value: unknown = node.userData.inset;
      if (typeof value === 'number' && Number.isFinite(value)) inset = value;
    });
    this.insetCm = inset;
    const matrix = new Matrix4();
    const [a, b, c] = [new Vector3(), new Vector3(), new Vector3()];
    for (const mesh of meshesOf(head)) {
      const position = mesh.geometry.getAttribute('position');
      const index = mesh.geometry.getIndex();
      const count = index ? index.count : position.count;
      const at = (i: number) => (index ? index.getX(i) : i);
      matrix.copy(mesh.matrixWorld);
      for (let i = 0; i + 2 < count; i += 3) {
        a.fromBufferAttribute(position, at(i)).applyMatrix4(matrix);
        b.fromBufferAttribute(position, at(i + 1)).applyMatrix4(matrix);
        c.fromBufferAttribute(position, at(i + 2)).applyMatrix4(matrix);
        this.rasterize(a, b, c);
      }
    }
  }

  /**
   * The skin's depth (z, cm) at breadth `x` and height `y`: the occluder's surface, read
   * bilinearly between the grid points around (x, y) that it covers, moved out by the inset along
   * its normal (1 / the normal's z times the inset: further than the inset on a slope, the slope
   * read one grid step each way). Null off the face.
   */
  skinAt(x: number, y: number): number | null {
    const z = this.surfaceAt(x, y);
    if (z === null) return null;
    const h = FRONT_STEP_CM;
    const [l, r, d, u] = [
      this.surfaceAt(x - h, y),
      this.surfaceAt(x + h, y),
      this.surfaceAt(x, y - h),
      this.surfaceAt(x, y + h),
    ];
    if (l === null || r === null || d === null || u === null) return z + this.insetCm;
    return z + this.insetCm * Math.hypot(1, (r - l) / (2 * h), (u - d) / (2 * h));
  }

  /** The occluder's surface at (x, y), bilinear over the grid points it covers; null: none. */
  private surfaceAt(x: number, y: number): number | null {
    const [u, v] = [x / FRONT_STEP_CM, y / FRONT_STEP_CM];
    const [x0, y0] = [Math.floor(u), Math.floor(v)];
    const [fx, fy] = [u - x0, v - y0];
    let [sum, weights] = [0, 0];
    for (const [dx, dy] of CORNERS) {
      const z = this.surface.get(gridKey(x0 + dx, y0 + dy));
      if (z === undefined) continue;
      const weight = (dx ? fx : 1 - fx) * (dy ? fy : 1 - fy);
      [sum, weights] = [sum + weight * z, weights + weight];
    }
    return weights > 0 ? sum / weights : null;
  }

  /** Each grid point inside triangle abc (seen along z) keeps the frontmost z there. */
  private rasterize(a: Vector3, b: Vector3, c: Vector3): void {
    const area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
    if (Math.abs(area) < 1e-12) return;
    const s = FRONT_STEP_CM;
    const [i0, i1] = [
      Math.ceil(Math.min(a.x, b.x, c.x) / s),
      Math.floor(Math.max(a.x, b.x, c.x) / s),
    ];
    const [j0, j1] = [
      Math.ceil(Math.min(a.y, b.y, c.y) / s),
      Math.floor(Math.max(a.y, b.y, c.y) / s),
    ];
    for (let i = i0; i <= i1; i++) {
      for (let j = j0; j <= j1; j++) {
        const [px, py] = [i * s, j * s];
        // Barycentric weights of b and c; the point is inside when all three are ≥ 0.
        const wb = ((px - a.x) * (c.y - a.y) - (c.x - a.x) * (py - a.y)) / area;
        const wc = ((b.x - a.x) * (py - a.y) - (px - a.x) * (b.y - a.y)) / area;
        if (wb < 0 || wc < 0 || wb + wc > 1) continue;
        const z = a.z + wb * (b.z - a.z) + wc * (c.z - a.z);
        const key = gridKey(i, j);
        if (z > (this.surface.get(key) ?? -Infinity)) this.surface.set(key, z);
      }
    }
  }
}

const CORNERS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
] as const;

/** One number per grid point; the grid spans ±5 m, far beyond any head. */
function gridKey(i: number, j: number): number {
  return i * 4_000 + j;
}
