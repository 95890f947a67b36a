import { Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { PoseHistory } from '../../workers/common/pose-history';
import { MAX_HELD } from '../../workers/pipeline/held-frames';

const pose = (x: number, yawRad: number) =>
  new Matrix4().compose(
    new Vector3(x, 0, -50),
    new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), yawRad),
    new Vector3(1, 1, 1),
  );
const parts = (m: Matrix4) => {
  const p = new Vector3();
  const q = new Quaternion();
  m.decompose(p, q, new Vector3());
  return { x: p.x, yaw: 2 * Math.atan2(q.y, q.w) };
};

describe('PoseHistory', () => {
  it('poses a frame between two results in proportion to its time', () => {
    const history = new PoseHistory();
    history.add(100, pose(0, 0));
    history.add(200, pose(4, 0.4));
    const { pose: between, fromMs } = history.at(125, new Matrix4());
    expect(parts(between!).x).toBeCloseTo(1, 6);
    expect(parts(between!).yaw).toBeCloseTo(0.1, 6);
    // It rests on the later result: nothing after a cut there may come from before it.
    expect(fromMs).toBe(200);
    expect(parts(history.at(200, new Matrix4()).pose!).x).toBeCloseTo(4, 6);
  });

  it('knows a time only once a result at or after it has come', () => {
    const history = new PoseHistory();
    expect(history.covers(100)).toBe(false);
    history.add(100, pose(0, 0));
    expect(history.covers(100)).toBe(true);
    expect(history.covers(101)).toBe(false);
    // Results come in rising order; a late one for an earlier time is not taken.
    history.add(90, pose(9, 0));
    expect(history.newestMs).toBe(100);
  });

  it('draws no glasses before the first result, nor after one that found no face', () => {
    const history = new PoseHistory();
    history.add(100, pose(0, 0));
    history.add(200, null);
    history.add(300, pose(2, 0));
    expect(history.at(50, new Matrix4())).toEqual({ pose: null, fromMs: null });
    // The face left between 100 and 200: the frames before that result keep the last pose.
    expect(parts(history.at(150, new Matrix4()).pose!).x).toBeCloseTo(0, 6);
    expect(history.at(200, new Matrix4()).pose).toBeNull();
    expect(history.at(250, new Matrix4()).pose).toBeNull();
  });

  it('forgets the poses before a cut: the frames after it wait for their own', () => {
    const history = new PoseHistory();
    history.add(100, pose(0, 0));
    history.add(200, pose(1, 0));
    history.add(300, pose(30, 0));
    history.dropBefore(250);
    expect(history.at(260, new Matrix4())).toEqual({ pose: null, fromMs: null });
    expect(parts(history.at(300, new Matrix4()).pose!).x).toBeCloseTo(30, 6);
    history.dropBefore(400);
    expect(history.covers(300)).toBe(false);
  });

  it('keeps the pose before a fresh start for the frames before it: nothing glides across a jump', () => {
    const history = new PoseHistory();
    history.add(100, pose(0, 0));
    history.add(200, pose(30, 0), true);
    expect(parts(history.at(150, new Matrix4()).pose!).x).toBeCloseTo(0, 6);
    expect(history.at(150, new Matrix4()).fromMs).toBe(100);
    expect(parts(history.at(200, new Matrix4()).pose!).x).toBeCloseTo(30, 6);
  });

  it('keeps a result for each of the frames a file holds back, at one a frame', () => {
    const history = new PoseHistory();
    for (let i = 0; i <= MAX_HELD; i++) history.add(i * 33, pose(i, 0));
    expect(parts(history.at(16, new Matrix4()).pose!).x).toBeCloseTo(0.5, 1);
  });
});
