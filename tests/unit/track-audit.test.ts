import { Matrix4, PerspectiveCamera } from 'three';
import { describe, expect, it } from 'vitest';
import { PoseFilter } from '../../workers/common/pose-filter';
import type { TrackResult } from '../../workers/common/track-result';
import { TrackAudit } from '../../workers/diagnostics/track-audit';

// The audit on known geometry: a camera with a 60° vertical field of view and a 400×400 picture,
// the face 40 cm in front of it. One centimetre across at that distance is
// 200 / (40 · tan 30°) = 8.66 px.
const SIZE = 400;
const PX_PER_CM_AT_40 = SIZE / 2 / (40 * Math.tan(Math.PI / 6));

function camera(): PerspectiveCamera {
  const c = new PerspectiveCamera(60, 1, 1, 1000);
  c.updateMatrixWorld();
  return c;
}

const at = (xCm: number) => new Matrix4().makeTranslation(xCm, 0, -40);
const result = (pose: Matrix4): TrackResult => ({
  faceLandmarks: [],
  faceBlendshapes: [],
  facialTransformationMatrixes: [{ rows: 4, columns: 4, data: pose.toArray() }],
});

describe('TrackAudit', () => {
  it('measures the drawn pose against the detection and its smoothed pose, in picture px', () => {
    const audit = new TrackAudit();
    // Drawn 1 cm to the right of the detection, which is 0.5 cm right of the smoothed pose.
    audit.record(at(1), at(0), at(-0.5), camera(), SIZE, SIZE);
    expect(audit.errorPx.p(50)).toBeCloseTo(PX_PER_CM_AT_40, 1);
    expect(audit.smoothedErrorPx.p(50)).toBeCloseTo(1.5 * PX_PER_CM_AT_40, 1);
  });

  it('charges the smoothing’s lag to the drawn pose only against the detection', () => {
    // A head moving 20 cm/s, detected every frame at 30 fps, drawn exactly where its smoothed
    // pose is: against the smoothed reference that is no error, against the detections it is
    // the filter's lag.
    const audit = new TrackAudit();
    const app = new PoseFilter();
    const cam = camera();
    for (let i = 0; i < 30; i++) {
      const timeMs = (i * 1000) / 30;
      const detected = at((20 * timeMs) / 1000);
      audit.track(result(detected), timeMs);
      audit.compare(app.apply(detected, timeMs, new Matrix4()), cam, SIZE, SIZE);
    }
    expect(audit.smoothedErrorPx.p(95)).toBeLessThan(0.01);
    expect(audit.errorPx.p(50)).toBeGreaterThan(0.5);
  });

  it('records nothing without a face or without drawn glasses', () => {
    const audit = new TrackAudit();
    audit.track({ faceLandmarks: [], faceBlendshapes: [], facialTransformationMatrixes: [] }, 0);
    audit.compare(at(0), camera(), SIZE, SIZE);
    audit.track(result(at(0)), 33);
    audit.compare(null, camera(), SIZE, SIZE);
    expect(audit.errorPx.values.length).toBe(0);
    expect(audit.smoothedErrorPx.values.length).toBe(0);
  });
});
