import { Matrix4, Quaternion, Vector3 } from 'three';
import type {
  FitOverride,
  FitReason,
  FrameSize,
  GlassesReport,
  SignedAxis,
  Vec3,
} from '../../src/shared/glasses-types';
import type { FitOffsets } from '../../src/shared/try-on-types';
import { FRONT_ANCHOR } from '../common/canonical-face';
import { formatAxis, findOrientation } from './fit-axes';
import { boxOf, centre, cloudOf, extent, type FitMesh } from './fit-cloud';
import { findLandmarks } from './fit-landmarks';
import { selectGlasses } from './fit-clutter';
import { alignmentOf } from './fit-frame';
import { boxingOf } from './fit-size';
import { lensOutline } from './lens-outline';
import { chooseUnit, sizeReasons, TO_METRES, type FitInputs } from './fit-unit';
import { judgeFit } from './fit-verdict';

export type { FitMesh } from './fit-cloud';
export type { FitInputs } from './fit-unit';

/** What the fit decided (the report's geometric part), and the matrix that applies it. */
export interface FitResult extends Omit<
  GlassesReport,
  'widthMm' | 'triangles' | 'bytes' | 'extensions' | 'refusedMaterial'
> {
  /** Model world space → canonical face space (cm). */
  matrix: Matrix4;
  /** Front width in metres after unit detection. */
  widthM: number;
  ignoredMeshes: FitMesh[];
}

export class FitError extends Error {
  constructor(readonly code: 'no-meshes' | 'two-pairs') {
    super(code);
  }
}

const unitVector = (axis: number, sign: number): Vector3 => new Vector3().setComponent(axis, sign);

const toVec3 = (v: Vector3): Vec3 => [v.x, v.y, v.z];

/** The file axis nearest a direction of the aligned frame (what glasses:check reports). */
function fileAxis(v: Vector3, toFile: Matrix4): SignedAxis {
  const d = v.clone().transformDirection(toFile);
  const axis = [0, 1, 2].sort(
    (a, b) => Math.abs(d.getComponent(b)) - Math.abs(d.getComponent(a)),
  )[0]!;
  return formatAxis(axis as 0 | 1 | 2, Math.sign(d.getComponent(axis)));
}

/** The lens meshes' points, when the file marks some lenses and they are not the whole frame. */
function lensCloud(kept: readonly FitMesh[]): Float32Array | null {
  const lenses = kept.filter((m) => m.lens);
  const count = (list: readonly FitMesh[]) => list.reduce((n, m) => n + m.triangles, 0);
  const share = count(lenses) / count(kept);
  return lenses.length > 0 && lenses.length < kept.length && share < 0.6 ? cloudOf(lenses) : null;
}

function rotateCloud(points: Float32Array, rotation: Matrix4): void {
  const v = new Vector3();
  for (let i = 0; i < points.length; i += 3) {
    v.fromArray(points, i).applyMatrix4(rotation).toArray(points, i);
  }
}

/**
 * Places any glasses model on the canonical face from its own geometry: whatever its unit, axis
 * convention and node tree, the lens centres' midpoint lands at FRONT_ANCHOR, width along X,
 * up +Y, front toward +Z, temples toward -Z, at true size. Parts that are not glasses are
 * set aside; an override from the manifest replaces what it names.
 */
export function computeFit(
  meshes: readonly FitMesh[],
  offsets: Partial<FitOffsets> = {},
  override: FitOverride = {},
  inputs: FitInputs = {},
): FitResult {
  const selection = selectGlasses(meshes);
  if (selection.kept.length === 0) throw new FitError('no-meshes');
  if (selection.ambiguous) throw new FitError('two-pairs');
  const points = cloudOf(selection.kept);
  const lensPoints = lensCloud(selection.kept);
  // Operator axes name the file's own axes, so an override turns the alignment off.
  const alignment = override.up || override.front ? null : alignmentOf(points);
  if (alignment) {
    rotateCloud(points, alignment);
    if (lensPoints) rotateCloud(lensPoints, alignment);
  }
  const box = boxOf(points);
  const o = findOrientation(points, box, override);
  const marks = findLandmarks(points, box, o);
  const raw = boxingOf(
    points,
    lensPoints,
    box,
    o,
    marks.lenses[0].getComponent(o.up),
    marks.height,
  );
  const detected = chooseUnit(marks.width, raw.lens, inputs.frameSize);
  const toMetres = override.unit ? TO_METRES[override.unit] : detected.toMetres;
  const unit = override.unit ?? detected.unit;
  const mm = toMetres * 1000;
  const lensOutlineMm = lensPoints
    ? lensOutline(lensPoints, o, centre(box, o.width), extent(box, o.width), mm)
    : null;
  const frameSize: FrameSize = {
    lensMm: raw.lens * mm,
    bridgeMm: raw.bridge * mm,
    templeMm: raw.temple === null ? null : raw.temple * mm,
    fromLenses: raw.fromLenses,
  };

  // Basis: model axes → canonical (X right, Y up, Z forward), always a rotation.
  const forward = unitVector(o.depth, o.frontSign);
  const up = unitVector(o.up, o.upSign);
  const right = new Vector3().crossVectors(up, forward);
  const basis = new Matrix4().makeBasis(right, up, forward).transpose();
  const cm = toMetres * 100;
  const off = { leftRight: 0, upDown: 0, frontBehind: 0, rotation: 0, ...offsets };
  const [bx, by, bz] = override.bridgeOffsetMm ?? [0, 0, 0];
  const target = new Vector3(
    FRONT_ANCHOR.x + off.leftRight + bx / 10,
    FRONT_ANCHOR.y + off.upDown + by / 10,
    FRONT_ANCHOR.z + off.frontBehind + bz / 10,
  );
  const tiltDeg = off.rotation + (override.pantoscopicDeg ?? 0);
  const tilt = new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), (tiltDeg * Math.PI) / 180);
  const matrix = new Matrix4()
    .compose(target, tilt, new Vector3(cm, cm, cm))
    .multiply(basis)
    .multiply(new Matrix4().makeTranslation(-marks.anchor.x, -marks.anchor.y, -marks.anchor.z));
  if (alignment) matrix.multiply(alignment);
  const toFile = alignment ? alignment.clone().invert() : new Matrix4();
  const place = (v: Vector3) => toVec3(v.clone().applyMatrix4(toFile).applyMatrix4(matrix));
  const lensCentres = [place(marks.lenses[0]), place(marks.lenses[1])].sort((a, b) => a[0] - b[0]);
  const found: FitReason[] = [
    ...(inputs.notes ?? []),
    ...(override.unit || !detected.reason ? [] : [detected.reason]),
    ...(alignment ? [{ code: 'posed', level: 'info' } as const] : []),
    ...o.reasons,
    ...(selection.ignored.length > 0
      ? [
          {
            code: 'parts-ignored',
            level: 'info',
            values: { names: selection.ignored.map((m) => m.name || '(unnamed)').join(', ') },
          } as const,
        ]
      : []),
    ...(frameSize.fromLenses ? [] : [{ code: 'size-from-rims', level: 'info' } as const]),
    ...sizeReasons(frameSize, inputs.frameSize, detected.reason?.code === 'unit-from-frame-size'),
  ];
  const widthMm = marks.width * mm;
  const bridge = place(marks.bridge);
  const heightMm = marks.height * mm;
  const judged = judgeFit({
    widthMm,
    frameSize,
    temples: o.temples ? 'back' : 'none',
    lensCentres: lensCentres as [Vec3, Vec3],
    bridge,
    heightMm,
    found,
  });
  return {
    matrix,
    unit,
    up: fileAxis(unitVector(o.up, o.upSign), toFile),
    front: fileAxis(unitVector(o.depth, o.frontSign), toFile),
    widthM: marks.width * toMetres,
    heightMm,
    depthMm: extent(box, o.depth) * mm,
    bridge,
    lensCentres: lensCentres as [Vec3, Vec3],
    temples: o.temples ? 'back' : 'none',
    symmetry: o.symmetry,
    ignored: selection.ignored.map((m) => m.name || '(unnamed)'),
    ignoredMeshes: selection.ignored,
    overridden: Object.keys(override).filter((k) => override[k as keyof FitOverride] !== undefined),
    frameSize,
    lensOutlineMm,
    ...judged,
  };
}
