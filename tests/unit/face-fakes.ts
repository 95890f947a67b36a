// A face tracked without a model or a scene: a tracking result for a face at a given place, and a
// pose sink that records what it was handed (face-pose.test.ts, remote-tracking.test.ts).
import { Matrix4, PerspectiveCamera } from 'three';
import type { PoseSink } from '../../workers/common/pose-sink';
import type { TrackResult } from '../../workers/common/track-result';

/** Where the face goes; the poses it was given (null for "no glasses") and the eyes. */
export function fakeScene() {
  const poses: (Matrix4 | null)[] = [];
  const eyes: (readonly number[])[] = [];
  /** The weight each face fit was handed with (head-fit.ts). */
  const fits: number[] = [];
  const scene: PoseSink = {
    size: { width: 640, height: 480 },
    camera: new PerspectiveCamera(63, 640 / 480, 1, 1000),
    setPose: (matrix) => poses.push(matrix && matrix.clone()),
    get posed() {
      return poses.at(-1) != null;
    },
    setTrueScale: () => {},
    setExpression: () => {},
    setFace: (_points, _pose, weight) => fits.push(weight),
    setEyes: (shown) => eyes.push([...shown]),
  };
  return { scene, poses, eyes, fits };
}

/** One face at picture x `x` (0..1), 50 cm away. */
export function faceAt(x: number): TrackResult {
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
