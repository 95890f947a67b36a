import { Matrix4, Vector3, type Object3D } from 'three';
import { meshesOf } from './fit-geometry';

/** Bin size of the profile, cm (the occluder's skull triangles are 1–2 cm across). */
const BIN_CM = 0.5;
/** Sample spacing along the occluder's triangle edges and across their faces, cm. */
const SAMPLE_CM = 0.25;

/** Bin size of the face's forward reach, cm (read between bins' centres: forwardAt). */
export const FRONT_BIN_CM = 0.25;
/** Samples this near a bin's frontmost one are its front layer (the skull's far behind). */
const FRONT_LAYER_CM = 0.2;

/** One bin of the forward reach: its frontmost sample, and its front layer's sum and count. */
interface FrontBin {
  top: number;
  sum: number;
  count: number;
}

/** Whether a triangle, by its three vertices' indices, is read. */
export type TriangleFilter = (a: number, b: number, c: number) => boolean;

/**
 * How far the head reaches to each side at a given height and depth, and forward at a given
 * height and breadth, in the canonical face's space (cm), read from the head occluder: where a
 * temple arm must pass to just clear it, and where the front meets the face.
 */
export class HeadProfile {
  /** Bin key (keyOf) → the largest |x| sampled there on that side. */
  private readonly reach = new Map<number, number>();
  /** Bin key (frontKey) → the surface there nearest the front. */
  private readonly front = new Map<number, FrontBin>();

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
    for (const [key, bin] of this.front) profile.front.set(key, { ...bin });
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

  /**
   * How far forward (z, cm) the head's surface reaches at breadth `x` and height `y`: its front
   * layer's mean in each bin, read bilinearly between the four bins' centres around the point
   * (the mean of those sampled where some are not); null where none is.
   */
  forwardAt(x: number, y: number): number | null {
    const [u, v] = [x / FRONT_BIN_CM - 0.5, y / FRONT_BIN_CM - 0.5];
    const [x0, y0] = [Math.floor(u), Math.floor(v)];
    const [fx, fy] = [u - x0, v - y0];
    let [sum, weights, found, plain] = [0, 0, 0, 0];
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const) {
      const bin = this.front.get(frontKey(x0 + dx, y0 + dy));
      if (!bin) continue;
      const z = bin.sum / bin.count;
      const weight = (dx ? fx : 1 - fx) * (dy ? fy : 1 - fy);
      [sum, weights, found, plain] = [sum + weight * z, weights + weight, found + 1, plain + z];
    }
    if (found === 0) return null;
    return found === 4 ? sum / weights : plain / found;
  }

  private add(p: Vector3): void {
    const key = keyOf(p.x >= 0 ? 1 : -1, Math.floor(p.y / BIN_CM), Math.floor(p.z / BIN_CM));
    const r = Math.abs(p.x);
    if (r > (this.reach.get(key) ?? -1)) this.reach.set(key, r);
    const at = frontKey(Math.floor(p.x / FRONT_BIN_CM), Math.floor(p.y / FRONT_BIN_CM));
    const bin = this.front.get(at);
    if (!bin || p.z > bin.top + FRONT_LAYER_CM) {
      this.front.set(at, { top: p.z, sum: p.z, count: 1 });
    } else if (p.z >= bin.top - FRONT_LAYER_CM) {
      bin.top = Math.max(bin.top, p.z);
      bin.sum += p.z;
      bin.count++;
    }
  }
}

/** One number per (x bin, y bin) of the forward reach; bins span ±5 m. */
function frontKey(xBin: number, yBin: number): number {
  return xBin * 4_000 + yBin;
}

/** One number per (side, y bin, z bin); bins span ±5 m, far beyond any head. */
function keyOf(side: 1 | -1, yBin: number, zBin: number): number {
  return (side * 1_000 + yBin) * 4_000 + zBin;
}
