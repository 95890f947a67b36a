import { Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { OneEuro, POSITION_FILTER, PoseFilter } from '../../workers/common/pose-filter';

const pose = (x: number, yawRad: number) =>
  new Matrix4().compose(
    new Vector3(x, 0, -50),
    new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), yawRad),
    new Vector3(1, 1, 1),
  );

describe('OneEuro', () => {
  it('removes most jitter from a nearly still signal and still follows its drift', () => {
    const filter = new OneEuro(POSITION_FILTER);
    let seed = 3;
    const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.4;
    // A head drifting 1 mm/s with ±2 mm of tracking noise: the output must lose the noise but
    // not the drift (a stuck filter would pass a jitter bound alone).
    const truth = (i: number) => 10 + (0.1 * i) / 30;
    const residual: number[] = [];
    for (let i = 0; i < 300; i++) {
      const out = filter.filter(truth(i) + noise(), 1 / 30);
      if (i >= 100) residual.push(out - truth(i));
    }
    const spread = Math.max(...residual) - Math.min(...residual);
    expect(spread).toBeLessThan(0.4 * 0.45);
    const meanLag = residual.reduce((a, b) => a + b, 0) / residual.length;
    expect(Math.abs(meanLag)).toBeLessThan(0.05);
  });

  it('follows a fast move with little lag', () => {
    const filter = new OneEuro(POSITION_FILTER);
    let y = 0;
    for (let i = 0; i < 30; i++) y = filter.filter(i * 1.5, 1 / 30); // 45 cm/s
    expect(29 * 1.5 - y).toBeLessThan(1);
  });
});

describe('PoseFilter', () => {
  it('converges on a held pose and keeps rotation unit length', () => {
    const filter = new PoseFilter();
    const out = new Matrix4();
    for (let i = 0; i < 60; i++) filter.apply(pose(2, 0.3), i * 33, out);
    const p = new Vector3();
    const q = new Quaternion();
    const s = new Vector3();
    out.decompose(p, q, s);
    expect(p.x).toBeCloseTo(2, 3);
    expect(q.angleTo(new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), 0.3))).toBeLessThan(
      1e-3,
    );
    expect(q.length()).toBeCloseTo(1, 6);
  });

  it('snaps to a new place after a cut (a loop or a seek) instead of gliding', () => {
    const filter = new PoseFilter();
    const out = new Matrix4();
    for (let i = 0; i < 30; i++) filter.apply(pose(0, 0), i * 33, out);
    filter.apply(pose(10, 0), 30 * 33, out);
    expect(new Vector3().setFromMatrixPosition(out).x).toBeCloseTo(10, 5);
    filter.apply(pose(11, 0), 31 * 33, out);
    expect(new Vector3().setFromMatrixPosition(out).x).toBeLessThan(11);
  });

  it('turns fast heads within a few frames and restarts after losing the face', () => {
    const filter = new PoseFilter();
    const out = new Matrix4();
    for (let i = 0; i < 10; i++) filter.apply(pose(0, (i * 0.6) / 10), i * 33, out);
    const q = new Quaternion().setFromRotationMatrix(out);
    const target = new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), 0.54);
    expect(q.angleTo(target)).toBeLessThan(0.12);
    filter.apply(pose(30, -1), 5000, out);
    expect(new Vector3().setFromMatrixPosition(out).x).toBeCloseTo(30, 5);
  });
});
