import type { FaceLandmarkerResult } from '@mediapipe/tasks-vision';

/** What the pose needs of a tracking result: plain data, so it can cross from a tracking worker. */
export type TrackResult = Pick<
  FaceLandmarkerResult,
  'faceLandmarks' | 'faceBlendshapes' | 'facialTransformationMatrixes'
> & {
  /** How many faces the tracker sought (face-count.ts); NUM_FACES when not said. */
  soughtFaces?: number;
};
