import { Matrix4 } from 'three';
import { FaceCount } from './face-count';
import { FaceLock } from './face-lock';
import { FaceMeasurer } from '../measure/face-measure';
import { alignmentPx, eyeCentres } from './landmark-probes';
import { PoseFilter, type Motion } from '../common/pose-filter';
import { PoseHistory } from '../common/pose-history';
import type { PoseSink } from '../common/pose-sink';
import type { TrackResult } from '../common/track-result';

/**
 * How much of each moving result's face shape the head occluder takes (render/head-fit.ts): a
 * landmark's jitter from result to result halves, and a new expression is followed within
 * three results.
 */
const FACE_BLEND = 0.5;

/**
 * What a result poses: a drawn frame of a moving picture (filtered), a picture drawn on its own
 * (a photo, a paused frame: as detected, and the filter learns it), or such a picture from before
 * a jump (a seek, a loop) that came while its detection was out, or older than the newest result
 * (a file's frames are drawn after theirs: pipeline/held-frames.ts): as detected, and the filter
 * does not learn it, so the frames after it keep their own.
 */
export type PoseUse = 'moving' | 'still' | 'still-before-jump';

/**
 * Turns one tracking result into the glasses' pose (filtered), this face's scale, expression and
 * eyes, handed to `sink` (the pipeline's scene: render/scene-pose-sink.ts), and keeps the figures
 * the stats report about it.
 */
export class FacePose {
  private readonly filter = new PoseFilter();
  /** The moving picture's filtered poses by time, for frames drawn after their results (poseAt). */
  private readonly history = new PoseHistory();
  private readonly between = new Matrix4();
  /** The last result's own pose, unsmoothed (the audit's reference, diagnostics/track-audit.ts). */
  readonly raw = new Matrix4();
  private readonly smoothed = new Matrix4();
  private readonly scores = new Map<string, number>();
  private readonly lock = new FaceLock();
  private readonly count = new FaceCount();
  readonly measurer = new FaceMeasurer();
  face = false;
  /** The result the last poseAt rested on (undefined: the drawn pose is the filter's own). */
  private heldFromMs: number | null | undefined;
  /** Faces in the last tracking result, the worn one included (up to the faces sought). */
  found = 0;
  /** Distance between the reprojected nose bridge and its landmark (camera FOV check). */
  alignPx = 0;
  /** Eye centres in picture coordinates, mirrored like the preview; empty without a face. */
  eyes: number[] = [];

  constructor(private readonly sink: PoseSink) {}

  /**
   * Poses the scene from the tracking result of the frame at `timeMs` (its timestamp), as `use`
   * says: a still picture gets its own pose as detected, not the filter's, which trades a moving
   * face's jitter for lag.
   */
  apply(all: TrackResult, timeMs: number, mirror: boolean, use: PoseUse = 'moving'): void {
    const result = this.lock.pick(all, timeMs);
    this.heldFromMs = undefined;
    this.found = all.faceLandmarks?.length ?? 0;
    this.count.observe(this.found, this.lock.unsure, timeMs);
    // The glasses went to another person: what was measured belongs to someone else.
    if (this.lock.changed) this.measurer.reset();
    const { width, height } = this.sink.size;
    // Before the pose is updated: the filter's motion is how fast the face moved up to this frame.
    this.measurer.add(result, timeMs, width, height, this.motion);
    this.sink.setTrueScale(this.measurer.estimate()?.scale ?? 1);
    const matrix = result.facialTransformationMatrixes?.[0];
    // A still picture the detector misses while the glasses are on the face (a blurred frame
    // under a photo): it keeps the pose it was drawn with, as the screen showed it, rather than
    // be saved bare. The moving picture's own next result decides as before.
    if (!matrix && use !== 'moving' && this.sink.posed) return;
    this.face = matrix !== undefined;
    if (!matrix) {
      this.sink.setPose(null);
      if (use === 'moving') this.history.add(timeMs, null);
      this.eyes = [];
      return;
    }
    this.raw.fromArray(matrix.data);
    if (use === 'moving') {
      this.sink.setPose(this.filter.apply(this.raw, timeMs, this.smoothed));
      this.history.add(timeMs, this.smoothed, this.filter.startedAfresh);
    } else {
      if (use === 'still') this.filter.apply(this.raw, timeMs, this.smoothed);
      this.sink.setPose(this.raw);
    }
    const points = result.faceLandmarks?.[0];
    const weight = use === 'moving' && !this.lock.changed ? FACE_BLEND : 1;
    if (points) this.sink.setFace(points, this.raw, weight);
    this.scores.clear();
    for (const c of result.faceBlendshapes?.[0]?.categories ?? [])
      this.scores.set(c.categoryName, c.score);
    this.sink.setExpression(this.scores);
    this.alignPx = alignmentPx(result, this.raw, this.sink);
    this.eyes = eyeCentres(result, mirror);
    this.sink.setEyes(this.eyes);
  }

  /**
   * Poses the scene for a frame that was not tracked: the last pose carried on to `timeMs`. After
   * a jump (a seek, a loop) there is none until the next result: the glasses wait off the picture
   * rather than stay where the face was before the jump (on the mouth, at a loop's seam). A paused
   * seek gets its own pose within STILL_PICTURE_MS (kept-picture.ts).
   */
  predict(timeMs: number): void {
    this.heldFromMs = undefined;
    if (!this.face) return;
    this.sink.setPose(this.filter.predict(timeMs, this.smoothed));
  }

  /** Whether a moving result at or after `timeMs` has come: poseAt would not predict. */
  knowsPoseAt(timeMs: number): boolean {
    return this.history.covers(timeMs);
  }

  /**
   * Poses the scene for a frame drawn once a result at or after its timestamp has come (a file's
   * held frame, or the kept picture drawn again): the pose between the results on either side of it, with `poseFromMs` the later
   * one's time. Returns false, and predicts as `predict` does, where no such result has come.
   */
  poseAt(timeMs: number): boolean {
    if (!this.history.covers(timeMs)) {
      this.predict(timeMs);
      return false;
    }
    const { pose, fromMs } = this.history.at(timeMs, this.between);
    this.sink.setPose(pose);
    this.heldFromMs = fromMs;
    return true;
  }

  /** How fast the face moves; null while there is none (the scheduler then tracks every frame). */
  get motion(): Motion | null {
    return this.face ? this.filter.motion : null;
  }

  /**
   * The capture time of the newest tracking result the drawn pose rests on; null while no glasses
   * are posed (no face, or none found since a reset).
   */
  get poseFromMs(): number | null {
    if (this.heldFromMs !== undefined) return this.sink.posed ? this.heldFromMs : null;
    return this.face && this.sink.posed ? this.filter.sinceMs : null;
  }

  /** The time of the newest result the filter learnt (null before one, or after a reset). */
  get newestMs(): number | null {
    return this.filter.sinceMs;
  }

  /** How many faces the tracker should seek (face-count.ts). */
  get soughtFaces(): number {
    return this.count.faces;
  }

  /** Starts the filter afresh (a cut, a seek, a new source) instead of gliding over. */
  reset(): void {
    this.cutAt(Infinity);
  }

  /**
   * A scene cut at `timeMs`, seen after the results for frames after it came (a file's held
   * frames): those stay, the poses before it go, and the filter starts afresh.
   */
  cutAt(timeMs: number): void {
    this.filter.reset();
    this.history.dropBefore(timeMs);
    this.lock.jumped();
    this.count.reset();
  }

  clear(): void {
    this.filter.reset();
    this.history.clear();
    this.lock.reset();
    this.count.reset();
    this.measurer.reset(true);
    this.face = false;
    this.eyes = [];
    this.sink.setPose(null);
  }
}
