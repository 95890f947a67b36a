import { Box3, Matrix4, Quaternion, Vector3 } from 'three';
import type { FitOffsets } from '../src/shared/try-on-types';
import { FRONT_ANCHOR } from './canonical-face';

/** A mesh as the fit sees it: its name and its vertex positions in model space. */
export interface FitMesh {
  name: string;
  positions: ArrayLike<number>;
}

export interface FitResult {
  /** Model space → canonical face space (cm). */
  matrix: Matrix4;
  unit: 'm' | 'cm' | 'mm' | 'unknown';
  upAxis: string;
  forwardAxis: string;
  /** Front width in metres after unit detection. */
  widthM: number;
}

const TEMPLE = /temple|arm|leg/i;
const AXES = ['x', 'y', 'z'] as const;
type Axis = (typeof AXES)[number];

/** Real frames are 10–17 cm wide; the unit is the one that puts the width in that range. */
function detectUnit(width: number): { unit: FitResult['unit']; toMetres: number } {
  for (const [unit, toMetres] of [
    ['m', 1],
    ['cm', 0.01],
    ['mm', 0.001],
  ] as const) {
    const w = width * toMetres;
    if (w >= 0.06 && w <= 0.3) return { unit, toMetres };
  }
  return { unit: 'unknown', toMetres: 0.14 / width };
}

function collect(meshes: readonly FitMesh[], filter: (m: FitMesh) => boolean): Vector3[] {
  const points: Vector3[] = [];
  for (const mesh of meshes.filter(filter)) {
    for (let i = 0; i + 2 < mesh.positions.length; i += 3) {
      points.push(new Vector3(mesh.positions[i], mesh.positions[i + 1], mesh.positions[i + 2]));
    }
  }
  return points;
}

/** Skewness of the points along an axis: the front of a pair of glasses holds most of its mass. */
function skew(points: readonly Vector3[], axis: Axis): number {
  const n = points.length;
  const mean = points.reduce((s, p) => s + p[axis], 0) / n;
  let m2 = 0;
  let m3 = 0;
  for (const p of points) {
    const d = p[axis] - mean;
    m2 += d * d;
    m3 += d * d * d;
  }
  m2 /= n;
  m3 /= n;
  return m2 > 0 ? m3 / Math.pow(m2, 1.5) : 0;
}

const unitVector = (axis: Axis, sign: number): Vector3 =>
  new Vector3(axis === 'x' ? sign : 0, axis === 'y' ? sign : 0, axis === 'z' ? sign : 0);

/**
 * Places any glasses model on the canonical face from its own geometry: whatever its unit and axis
 * convention, the front's centre lands at FRONT_ANCHOR, width along X, temples toward -Z, up +Y.
 */
export function computeFit(
  meshes: readonly FitMesh[],
  offsets: Partial<FitOffsets> = {},
): FitResult {
  const all = collect(meshes, () => true);
  if (all.length === 0) throw new Error('model has no geometry');
  const box = new Box3().setFromPoints(all);
  const size = box.getSize(new Vector3());
  const sorted = [...AXES].sort((a, b) => size[a] - size[b]);
  const upAxis = sorted[0]!;
  // Width vs. depth: the temples make the depth axis lopsided, the width axis is symmetric.
  const [c1, c2] = [sorted[1]!, sorted[2]!];
  const named = collect(meshes, (m) => TEMPLE.test(m.name));
  let forwardAxis: Axis;
  let forwardSign: number;
  const rest = collect(meshes, (m) => !TEMPLE.test(m.name));
  if (named.length > 0 && rest.length > 0) {
    // Named temples point backwards from the rest of the frame.
    const d = new Box3()
      .setFromPoints(named)
      .getCenter(new Vector3())
      .sub(new Box3().setFromPoints(rest).getCenter(new Vector3()));
    forwardAxis = Math.abs(d[c1]) > Math.abs(d[c2]) ? c1 : c2;
    forwardSign = d[forwardAxis] > 0 ? -1 : 1;
  } else {
    forwardAxis = Math.abs(skew(all, c1)) > Math.abs(skew(all, c2)) ? c1 : c2;
    // Mass concentrates at the front, so the long tail (the temples) points backwards.
    forwardSign = skew(all, forwardAxis) < 0 ? 1 : -1;
  }
  const widthAxis = forwardAxis === c1 ? c2 : c1;
  // Up: temple tips bend down behind the ears, so the rear end sits lower than the front.
  const depthSpan = size[forwardAxis];
  const frontEdge = forwardSign > 0 ? box.max[forwardAxis] : box.min[forwardAxis];
  const isRear = (p: Vector3) => Math.abs(p[forwardAxis] - frontEdge) > 0.8 * depthSpan;
  const isFront = (p: Vector3) => Math.abs(p[forwardAxis] - frontEdge) < 0.15 * depthSpan;
  const mean = (pts: Vector3[]) => pts.reduce((s, p) => s + p[upAxis], 0) / Math.max(1, pts.length);
  const rear = all.filter(isRear);
  const front = all.filter(isFront);
  const upSign = rear.length > 0 && mean(rear) > mean(front) ? -1 : 1;
  const { unit, toMetres } = detectUnit(size[widthAxis]);

  // Basis: model axes → canonical (X width, Y up, Z forward), right-handed.
  const forward = unitVector(forwardAxis, forwardSign);
  const up = unitVector(upAxis, upSign);
  const right = new Vector3().crossVectors(up, forward);
  const basis = new Matrix4().makeBasis(right, up, forward).transpose();

  const frontBox = new Box3().setFromPoints(front.length > 0 ? front : all);
  const anchor = frontBox.getCenter(new Vector3());
  anchor[forwardAxis] = frontEdge;
  const cm = toMetres * 100;
  const o = { leftRight: 0, upDown: 0, frontBehind: 0, rotation: 0, ...offsets };
  const target = new Vector3(
    FRONT_ANCHOR.x + o.leftRight,
    FRONT_ANCHOR.y + o.upDown,
    FRONT_ANCHOR.z + o.frontBehind,
  );
  const tilt = new Quaternion().setFromAxisAngle(
    new Vector3(1, 0, 0),
    (o.rotation * Math.PI) / 180,
  );
  const matrix = new Matrix4()
    .compose(target, tilt, new Vector3(cm, cm, cm))
    .multiply(basis)
    .multiply(new Matrix4().makeTranslation(-anchor.x, -anchor.y, -anchor.z));
  return {
    matrix,
    unit,
    upAxis: `${upSign > 0 ? '+' : '-'}${upAxis}`,
    forwardAxis: `${forwardSign > 0 ? '+' : '-'}${forwardAxis}`,
    widthM: size[widthAxis] * toMetres,
  };
}
