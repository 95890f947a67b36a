/**
 * The face's own frame, from the tracker's pose (column-major, camera space: y up, looking down
 * -z, MediaPipe's 63° camera): how far the head is turned, and how much a turn shortens a length
 * across the face in the picture. Pairs of points symmetric about the face (the pupils, the eye
 * centres, the temples) lie along its left-right axis, so their true distance is the picture's
 * divided by that shortening.
 */
import { CAMERA_FOV } from '../../src/shared/render-constants';

/** A point of the picture, px from its centre (x right, y down). */
export interface Px {
  x: number;
  y: number;
}

export type Axis = readonly [number, number, number];

/** The tracker's camera: its focal length, px, for a picture `height` px tall. */
export function focalPx(height: number): number {
  return height / 2 / Math.tan((CAMERA_FOV * Math.PI) / 360);
}

/** Column `column` of the pose as a unit vector: 0 the face's left-right axis, 2 its forward. */
export function poseAxis(matrix: ArrayLike<number>, column: number): Axis {
  const [x, y, z] = [matrix[column * 4]!, matrix[column * 4 + 1]!, matrix[column * 4 + 2]!];
  const length = Math.hypot(x, y, z) || 1;
  return [x / length, y / length, z / length];
}

/** The head's turn from facing the camera: yaw (sideways) and pitch (nodding), degrees. */
export function headTurn(matrix: ArrayLike<number>): { yawDeg: number; pitchDeg: number } {
  const [x, y, z] = poseAxis(matrix, 2);
  const deg = (radians: number) => (radians * 180) / Math.PI;
  return { yawDeg: deg(Math.atan2(x, z)), pitchDeg: deg(Math.atan2(y, z)) };
}

/**
 * How much shorter than face-on a short length along `axis` looks at picture point `at`: 1 facing
 * the camera, cos(yaw) turned by yaw on the optical axis. Seen off the axis, the line of sight
 * itself is turned (at a quarter of the picture's width, by 15° with a 63° camera), so a vector V
 * at depth D there moves the picture by f/D·(Vx + (x/f)·Vz, -(Vy - (y/f)·Vz)). The pose is
 * solved for the same camera, so its turn and this line of sight agree even when the real camera
 * differs.
 */
export function foreshortening(axis: Axis, at: Px, focal: number): number {
  const [x, y, z] = axis;
  return Math.hypot(x + (at.x / focal) * z, y - (at.y / focal) * z);
}

/** The depth a canonical offset `offsetCm` (face frame) adds, along the camera's view, cm. */
export function depthOf(matrix: ArrayLike<number>, offsetCm: Axis): number {
  const [x, y, z] = [poseAxis(matrix, 0), poseAxis(matrix, 1), poseAxis(matrix, 2)];
  // The camera looks down -z: depth grows as camera-space z falls.
  return -(x[2] * offsetCm[0] + y[2] * offsetCm[1] + z[2] * offsetCm[2]);
}
