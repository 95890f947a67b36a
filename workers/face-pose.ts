import { Matrix4, type Object3D } from 'three';
import { alignmentPx, eyeCentres } from './landmark-probes';
import { meshesOf } from './fit-geometry';
import { PoseFilter } from './pose-filter';
import type { TryOnScene } from './scene';
import type { FaceLandmarkerResult } from './tracker';

/**
 * Turns one tracking result into the scene's pose (filtered) and the glasses' morph weights,
 * and keeps the figures the stats report about it.
 */
export class FacePose {
  private readonly filter = new PoseFilter();
  private readonly raw = new Matrix4();
  private readonly smoothed = new Matrix4();
  private readonly scores = new Map<string, number>();
  face = false;
  /** Distance between the reprojected nose bridge and its landmark (camera FOV check). */
  alignPx = 0;
  /** Eye centres in picture coordinates, mirrored like the preview; empty without a face. */
  eyes: number[] = [];

  constructor(private readonly scene: TryOnScene) {}

  apply(result: FaceLandmarkerResult, now: number, mirror: boolean): void {
    const matrix = result.facialTransformationMatrixes?.[0];
    this.face = matrix !== undefined;
    if (!matrix) {
      this.scene.setPose(null);
      this.eyes = [];
      return;
    }
    this.raw.fromArray(matrix.data);
    this.scene.setPose(this.filter.apply(this.raw, now, this.smoothed));
    this.scores.clear();
    for (const c of result.faceBlendshapes?.[0]?.categories ?? [])
      this.scores.set(c.categoryName, c.score);
    const glasses = this.scene.currentGlasses;
    if (glasses) applyBlendshapes(glasses, this.scores);
    this.alignPx = alignmentPx(result, this.raw, this.scene);
    this.eyes = eyeCentres(result, mirror);
  }

  /** Starts the filter afresh (a cut, a seek, a new source) instead of gliding over. */
  reset(): void {
    this.filter.reset();
  }

  clear(): void {
    this.filter.reset();
    this.scene.setPose(null);
  }
}

/** Drives morph targets whose names match blendshape categories. */
function applyBlendshapes(root: Object3D, scores: ReadonlyMap<string, number>): void {
  for (const mesh of meshesOf(root)) {
    const dictionary = mesh.morphTargetDictionary;
    if (!dictionary || !mesh.morphTargetInfluences) continue;
    for (const [name, index] of Object.entries(dictionary)) {
      mesh.morphTargetInfluences[index] = scores.get(name) ?? 0;
    }
  }
}
