import {
  Matrix4,
  Vector3,
  type BufferAttribute,
  type InterleavedBufferAttribute,
  type Mesh,
  type Object3D,
} from 'three';
import { FRONT_ANCHOR } from '../common/canonical-face';
import { meshesOf } from './fit-geometry';
import type { GlassesReport } from '../../src/shared/glasses-types';
import type { HeadProfile } from './head-profile';

/** The temples bend from this far behind the lens centres (a frame's hinges sit 5–15 mm back). */
export const HINGE_BEHIND_CM = 1;
/** Where along the temples (0 hinge … 1 tip, by depth) they are made to meet the head. */
const RUN = [0.15, 0.8] as const;
/**
 * What the temples keep from the head: hair is thick. The occluder lies 3 mm inside the face in
 * front; at the sides, fitted to this face, its outline is the face's own (render/head-fit.ts).
 */
export const CLEARANCE_CM = 0.2;
/** A frame far too narrow or wide for the head is bent no further than this. */
export const MAX_BEND_RAD = (12 * Math.PI) / 180;
/** Smaller changes of the face's scale are not worth bending again for (0.2 mm in 10 cm). */
const SCALE_STEP = 0.002;
/** Smaller changes of the bend are not worth re-uploading the geometry for. */
const MIN_CHANGE_CM = 0.01;

type Positions = BufferAttribute | InterleavedBufferAttribute;

/** What the fit found that the bend needs: the lens centres (fitted frame, cm) and temples. */
export type TempleFit = Pick<GlassesReport, 'lensCentres' | 'temples'>;

/** One vertex that bends: where it lies in the glasses' fitted frame, and how much it follows. */
interface Bendable {
  attribute: Positions;
  index: number;
  /** Its position (cm) in the fitted frame; `toMesh` picks the matrix back to its mesh. */
  x: number;
  y: number;
  z: number;
  /** 0 at the hinge … 1 at the tip. */
  t: number;
  side: 1 | -1;
  toMesh: number;
}

/**
 * Bends the temple arms about the hinges so they meet the sides of the head instead of cutting
 * into a wide one or standing off a narrow one: each arm swings out or in (a shear along X that
 * grows linearly from the hinge to the tip) until its closest point along its run keeps
 * CLEARANCE_CM from the head occluder. Works in the glasses' fitted frame (real cm, the average
 * face) with the head scaled by the measured face (true-size.ts), and only moves vertices behind
 * the front.
 */
export class TempleBend {
  private head: HeadProfile | null = null;
  private vertices: Bendable[] = [];
  private toMesh: Matrix4[] = [];
  private meshes: Mesh[] = [];
  /** From the hinge to the furthest tip, cm. */
  private length = 0;
  private scale = 1;
  /** The bend applied now, per side (cm at the tip, outward positive). */
  applied = { left: 0, right: 0 };

  /** The head the arms meet (the occluder's profile); null before the occluder loads. */
  get headProfile(): HeadProfile | null {
    return this.head;
  }

  /**
   * Takes the head the arms meet. `rebend`: bend them anew even where the bend stays within
   * MIN_CHANGE_CM (the first head); a head refitted to the face bends them, and re-uploads
   * them, only when either arm's bend moves by MIN_CHANGE_CM.
   */
  setHead(head: HeadProfile, rebend = true): void {
    this.head = head;
    this.bend(rebend);
  }

  /** Takes new glasses: their matrices relative to the fitted frame (not yet on the face). */
  wear(glasses: Object3D | null, fit?: TempleFit): void {
    this.vertices = [];
    this.toMesh = [];
    this.meshes = [];
    this.applied = { left: 0, right: 0 };
    if (!glasses || fit?.temples !== 'back') return;
    glasses.updateMatrixWorld(true);
    const [a, b] = fit.lensCentres;
    const hingeZ = (a[2] + b[2]) / 2 - HINGE_BEHIND_CM;
    const seen = new Set<unknown>();
    const points: Omit<Bendable, 't'>[] = [];
    let tipZ = hingeZ;
    const p = new Vector3();
    for (const mesh of meshesOf(glasses)) {
      const attribute = mesh.geometry.getAttribute('position') as Positions;
      // A geometry shared by two meshes (a temple mirrored into the other) bends once, by the
      // first; the other follows as its image. Hidden meshes are what the fit set aside.
      if (seen.has(mesh.geometry) || !mesh.visible) continue;
      seen.add(mesh.geometry);
      const toMesh = this.toMesh.length;
      const before = points.length;
      for (let index = 0; index < attribute.count; index++) {
        p.fromBufferAttribute(attribute, index).applyMatrix4(mesh.matrixWorld);
        if (p.z >= hingeZ) continue;
        tipZ = Math.min(tipZ, p.z);
        const side = p.x >= 0 ? 1 : -1;
        points.push({ attribute, index, x: p.x, y: p.y, z: p.z, side, toMesh });
      }
      if (points.length === before) continue;
      this.toMesh.push(mesh.matrixWorld.clone().invert());
      this.meshes.push(mesh);
    }
    const length = hingeZ - tipZ;
    if (length <= 0) return;
    this.vertices = points.map((v) => ({ ...v, t: (hingeZ - v.z) / length }));
    this.length = length;
    this.update(this.scale, true);
  }

  /** The face measured `scale` times the average one: the arms follow its head. */
  update(scale: number, force = false): void {
    // The measured size wanders by hundredths of a percent between frames: not worth a pass.
    if (!force && Math.abs(scale - this.scale) < SCALE_STEP) return;
    this.scale = scale;
    this.bend(force);
  }

  /** Bends the arms to the head at this scale, if that moves either by MIN_CHANGE_CM (or `force`). */
  private bend(force: boolean): void {
    const { head, scale } = this;
    if (!head || this.vertices.length === 0) return;
    const left = this.bendFor(head, 1, scale);
    const right = this.bendFor(head, -1, scale);
    const moved = (a: number, b: number) => Math.abs(a - b) >= MIN_CHANGE_CM;
    if (!force && !moved(left, this.applied.left) && !moved(right, this.applied.right)) return;
    this.applied = { left, right };
    this.apply();
  }

  /** The outward bend (cm at the tip) that makes the arm on `side` just clear the head. */
  private bendFor(head: HeadProfile, side: 1 | -1, scale: number): number {
    const F = FRONT_ANCHOR;
    let need = -Infinity;
    for (const v of this.vertices) {
      if (v.side !== side || v.t < RUN[0] || v.t > RUN[1]) continue;
      // The head in this frame: the canonical head grown by `scale` about the front's centre.
      const reach = head.halfWidth(side, F.y + (v.y - F.y) / scale, F.z + (v.z - F.z) / scale);
      if (reach === null) continue;
      need = Math.max(need, (reach * scale + CLEARANCE_CM - side * v.x) / v.t);
    }
    if (need === -Infinity) return 0;
    const limit = Math.tan(MAX_BEND_RAD) * this.length;
    return Math.max(-limit, Math.min(limit, need));
  }

  private apply(): void {
    const p = new Vector3();
    for (const v of this.vertices) {
      const shift = (v.side === 1 ? this.applied.left : -this.applied.right) * v.t;
      p.set(v.x + shift, v.y, v.z).applyMatrix4(this.toMesh[v.toMesh]!);
      v.attribute.setXYZ(v.index, p.x, p.y, p.z);
    }
    for (const mesh of this.meshes) {
      const position = mesh.geometry.getAttribute('position') as Positions;
      if ('isInterleavedBufferAttribute' in position) position.data.needsUpdate = true;
      else position.needsUpdate = true;
      // Culling recomputes it from the bent arms.
      mesh.geometry.boundingSphere = null;
    }
  }
}
