import { Matrix4, Vector3, type BufferAttribute, type Camera, type Object3D } from 'three';
import { meshesOf } from '../fit/fit-geometry';
import { HeadProfile } from '../fit/head-profile';
import type { FacePoint } from '../common/pose-sink';

/** The face mesh's landmarks (MediaPipe's 468; the irises' 10 after them are not on the mesh). */
const FACE_POINTS = 468;
/**
 * How far a landmark may pull the occluder's face from the average one, cm: a face's own shape
 * moves its points up to about 1.5 cm from the average; a point further off is a tracking
 * mistake, which must not punch a hole in the head or swell it over the frame.
 */
export const MAX_PULL_CM = 2;

/**
 * How far (cm) the fitted face moves before the temples are bent to it again: a landmark's jitter
 * stays under it on a still face, and each bend re-reads the face and re-uploads the temples.
 */
const PROFILE_STEP_CM = 0.3;

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
  /** The occluder's own face points (cm, the anchor's space) and the pull on each. */
  private readonly average: Float32Array;
  private readonly pull: Float32Array;
  /** The mesh's matrix within the anchor, and scratch. */
  private readonly toAnchor = new Matrix4();
  private readonly toFace = new Matrix4();
  private readonly toCamera = new Matrix4();
  private readonly point = new Vector3();
  private readonly seen = new Vector3();
  private readonly count: number;
  /** The pull the temples were last bent to (their head profile was read then). */
  private readonly profiledPull: Float32Array;
  /** The reach of the occluder's skull, which never moves (the face's is read at each profile). */
  private readonly skull: HeadProfile;
  /** No pull kept yet (the occluder is new, or was reset): the next fit takes all of its own. */
  private fresh = true;

  /** `occluder`: the head occluder (loadOccluder), before it joins the anchor. */
  constructor(private readonly occluder: Object3D) {
    const mesh = meshesOf(occluder)[0];
    if (!mesh) throw new Error('the head occluder has no mesh');
    occluder.updateMatrixWorld(true);
    this.toAnchor.copy(mesh.matrixWorld);
    this.position = mesh.geometry.getAttribute('position') as BufferAttribute;
    this.count = Math.min(FACE_POINTS, this.position.count);
    this.average = Float32Array.from(
      (this.position.array as Float32Array).subarray(0, this.count * 3),
    );
    this.pull = new Float32Array(this.count * 3);
    this.profiledPull = new Float32Array(this.count * 3);
    const count = this.count;
    this.skull = new HeadProfile(
      occluder,
      undefined,
      (a, b, c) => !(a < count && b < count && c < count),
    );
    // Its face moves: the average face's bounds no longer say where it is.
    mesh.frustumCulled = false;
  }

  /**
   * Fits the face to `points` (the picture's landmarks, 0..1 from its top left, unmirrored), seen
   * with the face at `pose` (camera space, as tracked, unsmoothed) through `camera`. `weight`: how
   * much of the new pull replaces the last (1: all of it, a still picture). Returns the head's
   * new profile once the face has moved PROFILE_STEP_CM since the last (`within`: the anchor
   * the occluder is on), else null.
   */
  fit(
    points: readonly FacePoint[],
    pose: Matrix4,
    camera: Camera,
    weight: number,
    within: Object3D,
  ): HeadProfile | null {
    if (points.length < this.count) return null;
    const take = this.fresh ? 1 : weight;
    this.fresh = false;
    this.toCamera.multiplyMatrices(pose, this.toAnchor);
    this.toFace.copy(this.toCamera).invert();
    const { average, pull, point, seen } = this;
    camera.updateMatrixWorld();
    for (let i = 0; i < this.count; i++) {
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
    const count = this.count;
    return this.skull.with(this.occluder, within, (a, b, c) => a < count && b < count && c < count);
  }

  /** The largest move of a face point since it was last profiled, cm. */
  private moved(): number {
    const { pull, profiledPull } = this;
    let most = 0;
    for (let j = 0; j < pull.length; j += 3) {
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

  private apply(): void {
    const array = this.position.array as Float32Array;
    for (let j = 0; j < this.count * 3; j++) array[j] = this.average[j]! + this.pull[j]!;
    this.position.needsUpdate = true;
  }
}
