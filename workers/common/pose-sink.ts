import type { Camera, Matrix4 } from 'three';

/** A landmark on the picture: 0..1 from its top left, unmirrored. */
export interface FacePoint {
  x: number;
  y: number;
}

/**
 * Where a tracked face goes: what tracking (tracking/face-pose.ts) hands on, and the pipeline
 * applies to the scene (render/scene-pose-sink.ts). Tracking knows nothing of the scene, so a test
 * can feed it results and read what it hands on.
 */
export interface PoseSink {
  /** The picture's size in pixels, and the camera it is seen through (for the alignment figure). */
  readonly size: { width: number; height: number };
  readonly camera: Camera;
  /** The glasses' pose in camera space, or null: no face, nothing drawn. */
  setPose(pose: Matrix4 | null): void;
  /** Whether glasses are posed on the picture now. */
  readonly posed: boolean;
  /** This face's size against the average face's (the measured scale; 1 until measured). */
  setTrueScale(scale: number): void;
  /** The face's expression: blendshape scores by category name (a model's morph targets). */
  setExpression(scores: ReadonlyMap<string, number>): void;
  /**
   * The face's landmarks and the pose they were tracked with (unsmoothed): the head occluder
   * fits them (render/head-fit.ts). `weight`: how much of the new fit replaces the last.
   */
  setFace(points: readonly FacePoint[], pose: Matrix4, weight: number): void;
  /** Eye centres in picture coordinates (0..1, mirrored like the preview); empty without a face. */
  setEyes(eyes: readonly number[]): void;
}
