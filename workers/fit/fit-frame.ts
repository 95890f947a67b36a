import { Matrix4, Vector3 } from 'three';
import { eigenvectors, majorAxis } from './fit-linalg';

/** Directions within this of a file axis are taken as that axis (exports are mostly aligned). */
const SNAP_DEG = 2;
/** Share of mirrored points that must land on the glasses for a plane to be their mirror. */
const ALIGNED_SHARE = 0.9;
/** Reflected points checked per candidate plane; enough for a stable share, cheap per angle. */
const SAMPLES = 6000;

/** Occupied cells of a point cloud, keyed relative to its centre (any offset, any unit). */
class CellGrid {
  private readonly cells = new Set<number>();

  constructor(
    private readonly centre: Vector3,
    readonly cell: number,
  ) {}

  private key(x: number, y: number, z: number): number {
    const i = (v: number, o: number) => Math.floor((v - o) / this.cell) + 1024;
    return (i(x, this.centre.x) * 2048 + i(y, this.centre.y)) * 2048 + i(z, this.centre.z);
  }

  add(x: number, y: number, z: number): void {
    this.cells.add(this.key(x, y, z));
  }

  /** The cell of the point or one of its neighbours is occupied. */
  near(x: number, y: number, z: number): boolean {
    const c = this.cell;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++)
          if (this.cells.has(this.key(x + dx * c, y + dy * c, z + dz * c))) return true;
    return false;
  }
}

/** Share of sampled points whose mirror image across the plane (through c, normal n) lands on
 *  the cloud. */
function mirrorShare(points: Float32Array, c: Vector3, n: Vector3, grid: CellGrid): number {
  const step = Math.max(1, Math.floor(points.length / 3 / SAMPLES));
  let hits = 0;
  let count = 0;
  for (let i = 0; i < points.length; i += 3 * step) {
    const x = points[i]!;
    const y = points[i + 1]!;
    const z = points[i + 2]!;
    const d = 2 * ((x - c.x) * n.x + (y - c.y) * n.y + (z - c.z) * n.z);
    count++;
    if (grid.near(x - d * n.x, y - d * n.y, z - d * n.z)) hits++;
  }
  return count > 0 ? hits / count : 0;
}

const nearAxis = (v: Vector3) =>
  Math.max(Math.abs(v.x), Math.abs(v.y), Math.abs(v.z)) > Math.cos((SNAP_DEG * Math.PI) / 180);

/**
 * A model posed at any angle in its file (a product shot, a turned root node): the flattest
 * direction of the cloud is the frame's up or its thickness, and the glasses mirror across a
 * plane that contains it. Returns the rotation that lines those up with the axes, or null when
 * the file's own axes already are (within 2°), so aligned exports are read exactly.
 */
export function alignmentOf(points: Float32Array): Matrix4 | null {
  const n = points.length / 3;
  if (n < 4) return null;
  const c = new Vector3();
  for (let i = 0; i < points.length; i += 3) c.x += points[i]!;
  for (let i = 1; i < points.length; i += 3) c.y += points[i]!;
  for (let i = 2; i < points.length; i += 3) c.z += points[i]!;
  c.divideScalar(n);
  const cov = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  let size = 0;
  for (let i = 0; i < points.length; i += 3) {
    const d = [points[i]! - c.x, points[i + 1]! - c.y, points[i + 2]! - c.z];
    for (let r = 0; r < 3; r++) for (let k = 0; k < 3; k++) cov[r]![k]! += d[r]! * d[k]!;
    size = Math.max(size, Math.abs(d[0]!), Math.abs(d[1]!), Math.abs(d[2]!));
  }
  const [flat, u0] = eigenvectors(cov) as [Vector3, Vector3, Vector3];
  const grid = new CellGrid(c, (2 * size) / 60);
  for (let i = 0; i < points.length; i += 3) grid.add(points[i]!, points[i + 1]!, points[i + 2]!);
  // Most files are aligned: glasses that mirror across a plane of the file's axes are read as
  // authored (a pitch about the width axis keeps that symmetry: the manifest's pantoscopicDeg
  // override is there for such a file).
  const fileAxes = [new Vector3(1, 0, 0), new Vector3(0, 1, 0), new Vector3(0, 0, 1)];
  if (Math.max(...fileAxes.map((axis) => mirrorShare(points, c, axis, grid))) >= ALIGNED_SHARE) {
    return null;
  }
  // The mirror plane's normal turns in the plane across the flattest direction.
  const u1 = new Vector3().crossVectors(flat, u0);
  const normalAt = (deg: number) => {
    const t = (deg * Math.PI) / 180;
    return u0.clone().multiplyScalar(Math.cos(t)).addScaledVector(u1, Math.sin(t));
  };
  let best = 0;
  let bestShare = -1;
  for (let deg = 0; deg < 180; deg += 3) {
    const share = mirrorShare(points, c, normalAt(deg), grid);
    if (share > bestShare) [best, bestShare] = [deg, share];
  }
  if (bestShare < ALIGNED_SHARE) return null; // no mirror plane anywhere: keep the file's axes
  // Refined on a finer grid, and allowed to lean out of that plane: the flattest direction itself
  // leans with the temples' droop.
  const fine = new CellGrid(c, (2 * size) / 240);
  for (let i = 0; i < points.length; i += 3) fine.add(points[i]!, points[i + 1]!, points[i + 2]!);
  let width = normalAt(best);
  let widthShare = -1;
  const refine = (centre: Vector3, span: number, step: number) => {
    const side = new Vector3().crossVectors(flat, centre).normalize();
    const lean = new Vector3().crossVectors(centre, side).normalize();
    for (let a = -span; a <= span + 1e-9; a += step) {
      for (let b = -span; b <= span + 1e-9; b += step) {
        const [ta, tb] = [(a * Math.PI) / 180, (b * Math.PI) / 180];
        const n = centre
          .clone()
          .addScaledVector(side, Math.tan(ta))
          .addScaledVector(lean, Math.tan(tb));
        const share = mirrorShare(points, c, n.normalize(), fine);
        if (share > widthShare) [width, widthShare] = [n, share];
      }
    }
  };
  refine(width.clone(), 3, 0.5);
  refine(width.clone(), 0.5, 0.1);
  const [up, third] = level(points, width, flat);
  if ([width, up, third].every(nearAxis)) return null;
  // Rows are the new axes: world → aligned frame (a rotation: right-handed by construction).
  return new Matrix4().makeBasis(width, up, third).transpose();
}

/**
 * The flattest direction leans where the temples droop at their ends, so the pitch about the
 * width axis is settled separately. With temples: their straight run (the middle of their length,
 * at the sides of the width) lies level. A front alone: its middle (lenses and bridge) stands up.
 */
function level(points: Float32Array, width: Vector3, flat: Vector3): [Vector3, Vector3] {
  const a = flat.clone().addScaledVector(width, -flat.dot(width)).normalize();
  const b = new Vector3().crossVectors(width, a);
  const across = (i: number) =>
    points[i]! * width.x + points[i + 1]! * width.y + points[i + 2]! * width.z;
  let [lo, hi] = [Infinity, -Infinity];
  for (let i = 0; i < points.length; i += 3)
    [lo, hi] = [Math.min(lo, across(i)), Math.max(hi, across(i))];
  const [mid, span] = [(lo + hi) / 2, hi - lo];
  const side = (i: number) => Math.abs(across(i) - mid) > 0.35 * span;
  const outline = majorAxis(points, a, b, side);
  let up: Vector3 | null = null;
  if (outline) {
    const along = (i: number) => {
      const [x, y, z] = [points[i]!, points[i + 1]!, points[i + 2]!];
      return x * outline.x + y * outline.y + z * outline.z;
    };
    let [t0, t1] = [Infinity, -Infinity];
    for (let i = 0; i < points.length; i += 3) {
      if (side(i)) [t0, t1] = [Math.min(t0, along(i)), Math.max(t1, along(i))];
    }
    if (t1 - t0 > 0.45 * span) {
      // Temples: the middle 30–70 % of their run is straight whichever end the front is at.
      const run = majorAxis(points, a, b, (i) => {
        const t = (along(i) - t0) / (t1 - t0);
        return side(i) && t > 0.3 && t < 0.7;
      });
      if (run) up = new Vector3().crossVectors(run, width).normalize();
    }
  }
  up ??= majorAxis(points, a, b, (i) => Math.abs(across(i) - mid) < 0.3 * span) ?? a;
  if (up.dot(a) < 0) up.negate();
  return [up, new Vector3().crossVectors(width, up).normalize()];
}
