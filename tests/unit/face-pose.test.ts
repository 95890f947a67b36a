// Frames drawn between tracked ones carry the last pose on, except across a jump (a seek, a
// loop's seam): there the old pose belongs to another picture, and the glasses wait off it.
import { Matrix4, PerspectiveCamera } from 'three';
import { expect, it } from 'vitest';
import { FacePose } from '../../workers/tracking/face-pose';
import type { TryOnScene } from '../../workers/render/scene';
import type { TrackResult } from '../../workers/common/track-result';

/** The scene as FacePose uses it; the poses it was given, null for "no glasses". */
function fakeScene() {
  const poses: (Matrix4 | null)[] = [];
  const scene = {
    size: { width: 640, height: 480 },
    camera: new PerspectiveCamera(63, 640 / 480, 1, 1000),
    trueSize: { set: () => {} },
    currentGlasses: null,
    setPose: (matrix: Matrix4 | null) => poses.push(matrix && matrix.clone()),
  };
  return { scene: scene as unknown as TryOnScene, poses };
}

/** One face at picture x `x` (0..1), 50 cm away. */
function faceAt(x: number): TrackResult {
  const points = Array.from({ length: 478 }, () => ({ x, y: 0.5, z: 0, visibility: 0 }));
  for (const [i, dx] of [
    [33, -0.1],
    [133, -0.05],
    [263, 0.1],
    [362, 0.05],
  ] as const)
    points[i] = { x: x + dx, y: 0.45, z: 0, visibility: 0 };
  const data = new Matrix4().setPosition((x - 0.5) * 30, 0, -50).toArray();
  return {
    faceLandmarks: [points],
    faceBlendshapes: [],
    facialTransformationMatrixes: [{ rows: 4, columns: 4, data }],
  };
}

it('carries the pose on between tracked frames, and not across a jump', () => {
  const { scene, poses } = fakeScene();
  const pose = new FacePose(scene);
  pose.apply(faceAt(0.3), 0, false);
  pose.apply(faceAt(0.3), 40, false);
  pose.predict(60);
  expect(poses.at(-1)).not.toBeNull();
  // The video jumped: until the new picture is tracked there is no pose for it.
  pose.reset();
  pose.predict(80);
  expect(poses.at(-1)).toBeNull();
  pose.apply(faceAt(0.7), 100, false);
  expect(poses.at(-1)!.elements[12]).toBeCloseTo(6, 5);
  pose.predict(120);
  expect(poses.at(-1)).not.toBeNull();
});
