import { Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { MAX_PREDICT_MS, PoseFilter } from '../../workers/common/pose-filter';

const FRAME_MS = 1000 / 30;
const Y = new Vector3(0, 1, 0);

/** A head at 50 cm: x in cm and yaw in radians as functions of time (ms). */
interface Motion {
  x(t: number): number;
  yaw(t: number): number;
}

const poseAt = (m: Motion, t: number) =>
  new Matrix4().compose(
    new Vector3(m.x(t), 0, -50),
    new Quaternion().setFromAxisAngle(Y, m.yaw(t)),
    new Vector3(1, 1, 1),
  );

function parts(matrix: Matrix4) {
  const p = new Vector3();
  const q = new Quaternion();
  matrix.decompose(p, q, new Vector3());
  return { p, q };
}

/**
 * Runs 3 s of motion: a reference filter sees every frame (tracking every frame), the adaptive one
 * every third frame (10 Hz) and predicts the frames between, or holds its last pose. Returns the
 * worst position (cm) and angle (rad) difference to the reference over the last 2 s.
 */
function compare(m: Motion, hold = false) {
  const reference = new PoseFilter();
  const adaptive = new PoseFilter();
  const ref = new Matrix4();
  const drawn = new Matrix4();
  let worstCm = 0;
  let worstRad = 0;
  for (let i = 0; i < 90; i++) {
    const t = i * FRAME_MS;
    reference.apply(poseAt(m, t), t, ref);
    if (i % 3 === 0) adaptive.apply(poseAt(m, t), t, drawn);
    else if (!hold) adaptive.predict(t, drawn);
    if (i < 30) continue;
    const a = parts(ref);
    const b = parts(drawn);
    worstCm = Math.max(worstCm, a.p.distanceTo(b.p));
    worstRad = Math.max(worstRad, a.q.angleTo(b.q));
  }
  return { worstCm, worstRad };
}

describe('PoseFilter.predict', () => {
  it('follows a head moving at constant speed between tracked frames', () => {
    const move: Motion = { x: (t) => (10 * t) / 1000, yaw: () => 0 }; // 10 cm/s
    const predicted = compare(move);
    const held = compare(move, true);
    // Holding the last pose lags by up to two frames (~0.67 cm); prediction nearly removes it.
    expect(held.worstCm).toBeGreaterThan(0.5);
    expect(predicted.worstCm).toBeLessThan(0.15);
  });

  it('follows a turning head', () => {
    const turn: Motion = { x: () => 0, yaw: (t) => (1 * t) / 1000 }; // 1 rad/s (57°/s)
    const predicted = compare(turn);
    const held = compare(turn, true);
    expect(held.worstRad).toBeGreaterThan(0.05);
    expect(predicted.worstRad).toBeLessThan(0.015);
  });

  it('settles when the head stops, without flying past', () => {
    const stop: Motion = {
      x: (t) => (Math.min(t, 1500) * 10) / 1000,
      yaw: (t) => Math.min(t, 1500) / 1000,
    };
    const filter = new PoseFilter();
    const out = new Matrix4();
    for (let t = 0; t <= 2500; t += 100) filter.apply(poseAt(stop, t), t, out);
    // A second after the stop the prediction stays on the still pose.
    const ahead = parts(filter.predict(2500 + 66, out)!);
    expect(Math.abs(ahead.p.x - 15)).toBeLessThan(0.1);
    expect(ahead.q.angleTo(new Quaternion().setFromAxisAngle(Y, 1.5))).toBeLessThan(0.01);
    expect(filter.motion.speedCmS).toBeLessThan(0.5);
  });

  it('extrapolates at most MAX_PREDICT_MS, and not at all before the first pose', () => {
    const filter = new PoseFilter();
    const out = new Matrix4();
    expect(filter.predict(0, out)).toBeNull();
    const move: Motion = { x: (t) => (20 * t) / 1000, yaw: () => 0 };
    for (let t = 0; t <= 1000; t += 33) filter.apply(poseAt(move, t), t, out);
    const last = parts(filter.predict(990, out)!).p.x;
    const capped = parts(filter.predict(990 + MAX_PREDICT_MS, out)!).p.x;
    const far = parts(filter.predict(990 + 10 * MAX_PREDICT_MS, out)!).p.x;
    expect(capped).toBeGreaterThan(last + 2);
    expect(far).toBeCloseTo(capped, 6);
  });
});
