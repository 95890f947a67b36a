import { Matrix4, Vector3, type Object3D } from 'three';
import { meshesOf } from './fit-geometry';

/** Bin size of the profile, cm (the occluder's skull triangles are 1–2 cm across). */
const BIN_CM = 0.5;
/** Sample spacing along the occluder's triangle edges and across their faces, cm. */
const SAMPLE_CM = 0.25;

/** Whether a triangle, by its three vertices' indices, is read. */
export type TriangleFilter = (a: number, b: number, c: number) => boolean;

/**
 * How far the head reaches to each side at a given height and depth, in the canonical face's
 * space (cm), read from the head occluder: where a temple arm must pass to just clear it.
 */
export class HeadProfile {
  /** Bin key (keyOf) → the largest |x| sampled there on that side. */
  private readonly reach = new Map<number, number>();

  /**
   * `head`: the occluder, its matrices relative to the face's anchor; or, once it is on the
   * anchor, relative to `within` (the anchor). `keep`: which triangles (by their vertices'
   * indices) are read; all of them by default.
   */
  constructor(head?: Object3D, within?: Object3D, keep?: TriangleFilter) {
    if (head) this.sample(head, within, keep);
  }

  /** This profile with `head`'s triangles that `keep` takes read into it too (a copy). */
  with(head: Object3D, within: Object3D | undefined, keep: TriangleFilter): HeadProfile {
    const profile = new HeadProfile();
    for (const [key, r] of this.reach) profile.reach.set(key, r);
    profile.sample(head, within, keep);
    return profile;
  }

  private sample(head: Object3D, within?: Object3D, keep?: TriangleFilter): void {
    head.updateMatrixWorld(true);
    const toFace = within ? within.matrixWorld.clone().invert() : new Matrix4();
    const matrix = new Matrix4();
    const [a, b, c] = [new Vector3(), new Vector3(), new Vector3()];
    const point = new Vector3();
    for (const mesh of meshesOf(head)) {
      const position = mesh.geometry.getAttribute('position');
      const index = mesh.geometry.getIndex();
      const count = index ? index.count : position.count;
      matrix.multiplyMatrices(toFace, mesh.matrixWorld);
      const at = (i: number) => (index ? index.getX(i) : i);
      for (let i = 0; i + 2 < count; i += 3) {
        if (keep && !keep(at(i), at(i + 1), at(i + 2))) continue;
        a.fromBufferAttribute(position, at(i)).applyMatrix4(matrix);
        b.fromBufferAttribute(position, at(i + 1)).applyMatrix4(matrix);
        c.fromBufferAttribute(position, at(i + 2)).applyMatrix4(matrix);
        // Points spread over the triangle, so a sparse skull still fills every bin it crosses.
        const steps = Math.ceil(
          Math.max(a.distanceTo(b), b.distanceTo(c), c.distanceTo(a)) / SAMPLE_CM,
        );
        for (let u = 0; u <= steps; u++) {
          for (let v = 0; u + v <= steps; v++) {
            const [wu, wv] = [u / steps || 0, v / steps || 0];
            point
              .copy(a)
              .multiplyScalar(1 - wu - wv)
              .addScaledVector(b, wu)
              .addScaledVector(c, wv);
            this.add(point);
          }
        }
      }
    }
  }

  /** The head's reach (cm, ≥ 0) on `side` at height `y` and depth `z`; null where it is not. */
  halfWidth(side: 1 | -1, y: number, z: number): number | null {
    const [yb, zb] = [Math.floor(y / BIN_CM), Math.floor(z / BIN_CM)];
    const own = this.reach.get(keyOf(side, yb, zb));
    if (own !== undefined) return own;
    // An empty bin on the surface (between samples): its neighbours cover it.
    let reach: number | null = null;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dz = -1; dz <= 1; dz++) {
        const r = this.reach.get(keyOf(side, yb + dy, zb + dz));
        if (r !== undefined && (reach === null || r > reach)) reach = r;
      }
    }
    return reach;
  }

  private add(p: Vector3): void {
    const key = keyOf(p.x >= 0 ? 1 : -1, Math.floor(p.y / BIN_CM), Math.floor(p.z / BIN_CM));
    const r = Math.abs(p.x);
    if (r > (this.reach.get(key) ?? -1)) this.reach.set(key, r);
  }
}

/** One number per (side, y bin, z bin); bins span ±5 m, far beyond any head. */
function keyOf(side: 1 | -1, yBin: number, zBin: number): number {
  return (side * 1_000 + yBin) * 4_000 + zBin;
}
