// Tracking alone, without a scene: what FacePose hands on for each result. Frames drawn between
// tracked ones carry the last pose on, except across a jump (a seek, a loop's seam): there the old
// pose belongs to another picture, and the glasses wait off it.
import { expect, it } from 'vitest';
import { FacePose } from '../../workers/tracking/face-pose';
import { faceAt, fakeScene } from './face-fakes';

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
    poses[1]!.apply(faceAt(x), i * 40, false, i === 3 ? 'still' : 'moving');
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

it('keeps the pose drawn on a still picture the detector misses, not on a moving one', () => {
  const { scene, poses } = fakeScene();
  const pose = new FacePose(scene);
  const none = { faceLandmarks: [], faceBlendshapes: [], facialTransformationMatrixes: [] };
  pose.apply(faceAt(0.3), 0, false);
  pose.predict(20);
  const shown = poses.at(-1)!;
  // A photo of the picture on screen, whose own detection finds no face: drawn as shown.
  pose.apply(none, 30, false, 'still');
  expect(poses.at(-1)).toBe(shown);
  expect(pose.face).toBe(true);
  // The moving picture's own next result finds none: the glasses go.
  pose.apply(none, 40, false);
  expect(poses.at(-1)).toBeNull();
  // Nothing was on the face: a still picture without one stays bare.
  pose.apply(none, 50, false, 'still');
  expect(poses.at(-1)).toBeNull();
});

it('hands the head occluder each face: a still one whole, a moving one halfway', () => {
  const { scene, fits } = fakeScene();
  const pose = new FacePose(scene);
  pose.apply(faceAt(0.3), 0, false, 'still');
  pose.apply(faceAt(0.3), 40, false);
  pose.apply(faceAt(0.3), 80, false);
  expect(fits).toEqual([1, 0.5, 0.5]);
});
