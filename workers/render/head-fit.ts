import { BufferAttribute, Matrix4, Vector3, type Camera, type Mesh, type Object3D } from 'three';
import { meshesOf } from '../fit/fit-geometry';
import { HeadProfile, type TriangleFilter } from '../fit/head-profile';
import { EYE_CENTER_Y, EYE_OUTER_X, NOSE_BRIDGE } from '../common/canonical-face';
import type { FacePoint } from '../common/pose-sink';

/** The face mesh's landmarks (MediaPipe's 468; the irises' 10 after them are not on the mesh). */
const FACE_POINTS = 468;
/** Landmarks whose places tell the occluder's face is in MediaPipe's order, and how near. */
const BRIDGE = 168;
const EYE_CORNERS = [33, 263] as const;
const ORDER_CHECK_CM = 0.5;
/**
 * How far a landmark may pull the occluder's face from the average one, cm: a face's own shape
 * moves its points up to about 1.5 cm from the average; a point further off is a tracking
 * mistake, which must not punch a hole in the head or swell it over the frame.
 */
export const MAX_PULL_CM = 2;

/**
 * How far (cm) a point where the temples run past moves before they are bent to it again: a
 * landmark's jitter stays under it on a still face, and each bend re-reads the face.
 */
const PROFILE_STEP_CM = 0.3;
/**
 * Where the temples run past the face (cm, the face's space): its sides, outside the eyes'
 * outer corners, from below the ears' tops to above the brows. The jaw and the mouth, which
 * move as a person talks, bend nothing.
 */
const TEMPLE_BAND = { x: EYE_OUTER_X, yLow: EYE_CENTER_Y - 4, yHigh: EYE_CENTER_Y + 3 } as const;

/** A fitted face kept: its points' pull (cm, the face's space) and the head's reach then. */
export interface HeadShape {
  pull: Float32Array;
  head: HeadProfile;
}

/**
 * The head occluder's face, fitted to this face: each of its 468 face points moved, at its own
 * depth, to where the tracker sees that landmark on the picture. The average head hides a
 * temple only where this face happens to be average; the fitted one follows its outline, its
 * cheeks and its nose (issue 52; tests/e2e/occlusion.e2e.ts). The skull behind stays the
 * average's. The pull is kept in the face's own space, so the smoothed pose carries it between
 * tracked frames.
 */
export class HeadFit {
  private readonly position: BufferAttribute;
  /** The occluder's own face points (its mesh's space) and the pull on each. */
  private readonly average: Float32Array;
  private readonly pull: Float32Array;
  /** The mesh's matrix within the anchor, and scratch. */
  private readonly toAnchor = new Matrix4();
  private readonly toFace = new Matrix4();
  private readonly toCamera = new Matrix4();
  private readonly point = new Vector3();
  private readonly seen = new Vector3();
  /** Whether each face point lies on the face's sides, where the temples run past. */
  private readonly sides: boolean[];
  private readonly movesWithFace: TriangleFilter;
  /** The pull the temples were last bent to (their head profile was read then). */
  private readonly profiledPull: Float32Array;
  /** The reach of the occluder's skull, which never moves (the face's is read at each profile). */
  private readonly skull: HeadProfile;
  /** No pull kept yet (the occluder is new, or was reset): the next fit takes all of its own. */
  private fresh = true;

  /**
   * The fit of `occluder` (loadOccluder, before it joins the anchor), or null when its mesh is
   * not MediaPipe's face first, in landmark order, in plain float positions: then nothing is
   * fitted (moving points onto the wrong landmarks would tear the head).
   */
  static of(occluder: Object3D): HeadFit | null {
    const mesh = meshesOf(occluder)[0];
    const position = mesh?.geometry.getAttribute('position');
    if (!mesh || !(position instanceof BufferAttribute) || position.itemSize !== 3) return null;
    if (!(position.array instanceof Float32Array) || position.count < FACE_POINTS) return null;
    occluder.updateMatrixWorld(true);
    const at = (i: number) => onAnchor(mesh, i);
    const bridge = new Vector3(NOSE_BRIDGE.x, NOSE_BRIDGE.y, NOSE_BRIDGE.z);
    const inOrder =
      at(BRIDGE).distanceTo(bridge) < ORDER_CHECK_CM &&
      Math.abs(at(EYE_CORNERS[0]).x + EYE_OUTER_X) < ORDER_CHECK_CM &&
      Math.abs(at(EYE_CORNERS[1]).x - EYE_OUTER_X) < ORDER_CHECK_CM;
    return inOrder ? new HeadFit(occluder, mesh, position) : null;
  }

  private constructor(
    private readonly occluder: Object3D,
    mesh: Mesh,
    position: BufferAttribute,
  ) {
    occluder.updateMatrixWorld(true);
    this.toAnchor.copy(mesh.matrixWorld);
    this.position = position;
    const count = FACE_POINTS;
    this.average = Float32Array.from((position.array as Float32Array).subarray(0, count * 3));
    this.pull = new Float32Array(count * 3);
    this.profiledPull = new Float32Array(count * 3);
    // Which points' moves can reach the temples' run (the face's sides), and which triangles
    // move with the face: any with a face point (the band joining the skull included).
    this.sides = Array.from({ length: count }, (_, i) => {
      const { x, y } = onAnchor(mesh, i);
      return Math.abs(x) >= TEMPLE_BAND.x && y >= TEMPLE_BAND.yLow && y <= TEMPLE_BAND.yHigh;
    });
    this.movesWithFace = (a, b, c) => a < count || b < count || c < count;
    this.skull = new HeadProfile(occluder, undefined, (a, b, c) => !this.movesWithFace(a, b, c));
    // Its face moves: the average face's bounds no longer say where it is.
    mesh.frustumCulled = false;
  }

  /**
   * Fits the face to `points` (the picture's landmarks, 0..1 from its top left, unmirrored), seen
   * with the face at `pose` (camera space, as tracked, unsmoothed) through `camera`. `weight`: how
   * much of the new pull replaces the last (1: all of it, a still picture). Returns the head's
   * new profile once a point where the temples run has moved PROFILE_STEP_CM since the last
   * (`within`: the anchor the occluder is on), else null.
   */
  fit(
    points: readonly FacePoint[],
    pose: Matrix4,
    camera: Camera,
    weight: number,
    within: Object3D,
  ): HeadProfile | null {
    if (points.length < FACE_POINTS || Math.abs(pose.determinant()) < 1e-9) return null;
    const take = this.fresh ? 1 : weight;
    this.fresh = false;
    this.toCamera.multiplyMatrices(pose, this.toAnchor);
    this.toFace.copy(this.toCamera).invert();
    const { average, pull, point, seen } = this;
    camera.updateMatrixWorld();
    for (let i = 0; i < FACE_POINTS; i++) {
      point.fromArray(average, i * 3).applyMatrix4(this.toCamera);
      // Its depth on the picture as posed; its place where the landmark is.
      const depth = point.project(camera).z;
      const { x, y } = points[i]!;
      seen
        .set(x * 2 - 1, 1 - y * 2, depth)
        .unproject(camera)
        .applyMatrix4(this.toFace);
      point.fromArray(average, i * 3);
      seen.sub(point);
      if (!Number.isFinite(seen.x + seen.y + seen.z)) continue;
      seen.clampLength(0, MAX_PULL_CM);
      for (let k = 0; k < 3; k++) {
        const j = i * 3 + k;
        pull[j] = pull[j]! + (seen.getComponent(k) - pull[j]!) * take;
      }
    }
    this.apply();
    return this.moved() < PROFILE_STEP_CM ? null : this.profile(within);
  }

  /**
   * How far the head reaches to each side as it is now (the skull's, read once, with the fitted
   * face's), for the temples to clear it; the moves `fit` reports start again from here.
   * `within`: the anchor, once the occluder is on it.
   */
  profile(within?: Object3D): HeadProfile {
    this.profiledPull.set(this.pull);
    return this.reach(within);
  }

  /**
   * The face as fitted now and its head's reach, kept for a picture drawn later (全部试戴's
   * still, crop-render.ts), which `show` puts back for its drawing.
   */
  shape(within: Object3D): HeadShape {
    return {
      pull: this.pull.slice(),
      head: this.skull.with(this.occluder, within, this.movesWithFace),
    };
  }

  /** Shows `shape`'s face instead of the live one; null: the live one again. */
  show(shape: HeadShape | null): void {
    this.apply(shape?.pull ?? this.pull);
  }

  /** The head's reach as the occluder is now: the skull's, kept, and the face's, read again. */
  private reach(within?: Object3D): HeadProfile {
    return this.skull.with(this.occluder, within, this.movesWithFace);
  }

  /** The largest move of a point on the face's sides since the head was last profiled, cm. */
  private moved(): number {
    const { pull, profiledPull } = this;
    let most = 0;
    for (let j = 0; j < pull.length; j += 3) {
      if (!this.sides[j / 3]) continue;
      const d = Math.hypot(
        pull[j]! - profiledPull[j]!,
        pull[j + 1]! - profiledPull[j + 1]!,
        pull[j + 2]! - profiledPull[j + 2]!,
      );
      most = Math.max(most, d);
    }
    return most;
  }

  /** Back to the average face (a new face, or none); returns its profile. */
  reset(within: Object3D): HeadProfile {
    this.pull.fill(0);
    this.fresh = true;
    this.apply();
    return this.profile(within);
  }

  private apply(pull = this.pull): void {
    const array = this.position.array as Float32Array;
    for (let j = 0; j < FACE_POINTS * 3; j++) array[j] = this.average[j]! + pull[j]!;
    this.position.needsUpdate = true;
  }
}

/** Vertex `i` of `mesh` in its occluder's space (the anchor's, once it is on it). */
function onAnchor(mesh: Mesh, i: number): Vector3 {
  return new Vector3()
    .fromBufferAttribute(mesh.geometry.getAttribute('position') as BufferAttribute, i)
    .applyMatrix4(mesh.matrixWorld);
}
