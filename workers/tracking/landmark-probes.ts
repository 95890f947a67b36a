import { Vector3, type Matrix4 } from 'three';
import { NOSE_BRIDGE } from '../common/canonical-face';
import type { PoseSink } from '../common/pose-sink';
import type { TrackResult } from '../common/track-result';

const NOSE_BRIDGE_LANDMARK = 168;
const EYE_CORNERS = [
  [33, 133],
  [263, 362],
] as const;

/**
 * How far the 3D anchor's nose bridge lands from the tracked one, in render pixels: a live check
 * that the camera model matches the tracker's (it chose CAMERA_FOV).
 */
export function alignmentPx(result: TrackResult, pose: Matrix4, view: PoseSink): number {
  const landmark = result.faceLandmarks?.[0]?.[NOSE_BRIDGE_LANDMARK];
  if (!landmark) return 0;
  const p = new Vector3(NOSE_BRIDGE.x, NOSE_BRIDGE.y, NOSE_BRIDGE.z).applyMatrix4(pose);
  p.project(view.camera);
  const { width, height } = view.size;
  return Math.hypot(((p.x + 1) / 2 - landmark.x) * width, ((1 - p.y) / 2 - landmark.y) * height);
}

/** Eye centres [lx, ly, rx, ry] in displayed picture coordinates (0..1), for tests and the bench. */
export function eyeCentres(result: TrackResult, mirror: boolean): number[] {
  const points = result.faceLandmarks?.[0];
  if (!points) return [];
  return EYE_CORNERS.flatMap(([a, b]) => {
    const x = (points[a]!.x + points[b]!.x) / 2;
    return [mirror ? 1 - x : x, (points[a]!.y + points[b]!.y) / 2];
  });
}
