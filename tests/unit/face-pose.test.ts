// Tracking alone, without a scene: what FacePose hands on for each result. Frames drawn between
// tracked ones carry the last pose on, except across a jump (a seek, a loop's seam): there the old
// pose belongs to another picture, and the glasses wait off it.
import { Matrix4, PerspectiveCamera } from 'three';
import { expect, it } from 'vitest';
import { FacePose } from '../../workers/tracking/face-pose';
import type { PoseSink } from '../../workers/common/pose-sink';
import type { TrackResult } from '../../workers/common/track-result';

/** Where the face goes; the poses it was given (null for "no glasses") and the eyes. */
function fakeScene() {
  const poses: (Matrix4 | null)[] = [];
  const eyes: (readonly number[])[] = [];
  const scene: PoseSink = {
    size: { width: 640, height: 480 },
    camera: new PerspectiveCamera(63, 640 / 480, 1, 1000),
    setPose: (matrix) => poses.push(matrix && matrix.clone()),
    get posed() {
      return poses.at(-1) != null;
    },
    setTrueScale: () => {},
    setExpression: () => {},
    setEyes: (shown) => eyes.push([...shown]),
  };
  return { scene, poses, eyes };
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

it('gives a still picture its own pose as detected, a moving face the filtered one', () => {
  const moving = fakeScene();
  const still = fakeScene();
  const poses = [new FacePose(moving.scene), new FacePose(still.scene)];
  for (const [i, x] of [0.3, 0.3, 0.3, 0.31].entries()) {
    poses[0]!.apply(faceAt(x), i * 40, false);
    poses[1]!.apply(faceAt(x), i * 40, false, i === 3);
  }
  // The face moved 3 mm: the filter holds two thirds of it back as jitter (-5.90 of -6 to -5.7),
  // the still pose none.
  expect(still.poses.at(-1)!.elements[12]).toBeCloseTo(-5.7, 5);
  expect(moving.poses.at(-1)!.elements[12]).toBeLessThan(-5.7 - 0.1);
  // Eyes are handed on in picture coordinates, mirrored like the preview when asked.
  expect(still.eyes.at(-1)![0]).toBeCloseTo(0.31 - 0.075, 5);
  poses[1]!.apply(faceAt(0.31), 200, true);
  expect(still.eyes.at(-1)![0]).toBeCloseTo(1 - (0.31 - 0.075), 5);
});
