// A tracking worker that stops answering must not leave the glasses frozen for good: past
// TRACK_ANSWER_MS the render worker gives up on it (the page then restarts both), and every
// frame clone sent there is accounted for.
import { Matrix4, PerspectiveCamera } from 'three';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DeadlinePassed } from '../../src/shared/deadline';
import { FrameLedger } from '../../workers/common/frame-ledger';
import type { TryOnScene } from '../../workers/render/scene';
import type { FacePose } from '../../workers/tracking/face-pose';
import { RemoteTracking, TRACK_ANSWER_MS } from '../../workers/tracking/remote-tracking';
import type { TrackScheduler } from '../../workers/tracking/track-scheduler';
import type { TrackWorkerLink } from '../../workers/tracking/track-worker-link';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A VideoFrame as far as the tracking uses it: clones and closes, counted. */
function fakeFrame() {
  const counts = { clones: 0, closes: 0 };
  const frame = {
    clone: () => {
      counts.clones++;
      return { close: () => counts.closes++ };
    },
    close: () => counts.closes++,
  };
  return { frame: frame as unknown as VideoFrame, counts };
}

function tracking(detect: () => Promise<unknown>) {
  const stuck = vi.fn();
  const link = {
    delegate: 'CPU',
    remote: { detect, setFaceCount: () => Promise.resolve(), warmUp: () => Promise.resolve() },
    stuck,
    close: () => {},
  } as unknown as TrackWorkerLink;
  const scheduler = { due: () => true, tracked: () => {}, reset: () => {} };
  const facePose = { motion: null, soughtFaces: 1, predict: () => {}, apply: () => {} };
  const scene = {
    anchor: { visible: false, matrix: new Matrix4() },
    camera: new PerspectiveCamera(),
    size: { width: 640, height: 360 },
  };
  const frames = new FrameLedger();
  const remote = new RemoteTracking(
    link,
    scheduler as unknown as TrackScheduler,
    facePose as unknown as FacePose,
    scene as unknown as TryOnScene,
    frames,
  );
  return { remote, stuck, frames };
}

it('gives up on a tracking worker silent past the deadline, and counts its clone back', async () => {
  const { remote, stuck, frames } = tracking(() => new Promise(() => {}));
  const { frame } = fakeFrame();
  const answer = remote.trackNow(frame, 1, false);
  const settled = answer.catch((error: unknown) => error);
  expect(frames.open).toBe(1);
  await vi.advanceTimersByTimeAsync(TRACK_ANSWER_MS - 1);
  expect(stuck).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(await settled).toBeInstanceOf(DeadlinePassed);
  expect(stuck).toHaveBeenCalledOnce();
  expect(frames.open).toBe(0);
});

it('counts a clone held until the tracking worker answers for it', async () => {
  let answer: (value: unknown) => void = () => {};
  const { remote, stuck, frames } = tracking(() => new Promise((resolve) => (answer = resolve)));
  const { frame } = fakeFrame();
  const done = remote.trackNow(frame, 1, false);
  await vi.advanceTimersByTimeAsync(10);
  expect(frames.open).toBe(1);
  answer({
    faceLandmarks: [],
    faceBlendshapes: [],
    facialTransformationMatrixes: [],
    soughtFaces: 1,
  });
  await done;
  expect(frames.open).toBe(0);
  expect(stuck).not.toHaveBeenCalled();
});
