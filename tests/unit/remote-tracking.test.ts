// A tracking worker that stops answering must not leave the glasses frozen for good: past
// TRACK_ANSWER_MS the render worker gives up on it (the page then restarts both), and every
// frame clone sent there is accounted for. A photo's own detection poses it even when the video
// jumped while it was out; a moving frame's from before the jump does not.
import { Matrix4, PerspectiveCamera } from 'three';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DeadlinePassed } from '../../src/shared/deadline';
import { FrameLedger } from '../../workers/common/frame-ledger';
import type { TryOnScene } from '../../workers/render/scene';
import { FacePose } from '../../workers/tracking/face-pose';
import { RemoteTracking, TRACK_ANSWER_MS } from '../../workers/tracking/remote-tracking';
import type { TrackScheduler } from '../../workers/tracking/track-scheduler';
import type { TrackWorkerLink } from '../../workers/tracking/track-worker-link';
import type { PoseSink } from '../../workers/common/pose-sink';
import { faceAt, fakeScene } from './face-fakes';

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

function tracking(
  detect: () => Promise<unknown>,
  pose?: FacePose,
  anchor = { visible: false, matrix: new Matrix4() },
  setFaceCount: () => Promise<void> = () => Promise.resolve(),
) {
  const stuck = vi.fn();
  const link = {
    delegate: 'CPU',
    remote: {
      detect,
      detectStill: detect,
      setFaceCount,
      warmUp: () => Promise.resolve(),
    },
    stuck,
    close: () => {},
  } as unknown as TrackWorkerLink;
  const scheduler = { due: () => true, tracked: () => {}, reset: () => {} };
  const facePose = { motion: null, soughtFaces: 1, predict: () => {}, apply: () => {} };
  const scene = {
    anchor,
    camera: new PerspectiveCamera(),
    size: { width: 640, height: 360 },
  };
  const frames = new FrameLedger();
  const remote = new RemoteTracking(
    link,
    scheduler as unknown as TrackScheduler,
    pose ?? (facePose as unknown as FacePose),
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

const noFace = (soughtFaces: number) => ({
  faceLandmarks: [],
  faceBlendshapes: [],
  facialTransformationMatrixes: [],
  soughtFaces,
});

// Posted from a microtask, a frame waited for the end of the task that draws it (30–160 ms of the
// render worker on SwiftShader) before its detection began.
it('sends a frame to the tracking worker before the call returns, unless a face-count change is on its way', async () => {
  const answers: ((value: unknown) => void)[] = [];
  const detect = vi.fn(() => new Promise((resolve) => answers.push(resolve)));
  let counted: () => void = () => {};
  const setFaceCount = vi.fn(() => new Promise<void>((resolve) => (counted = resolve)));
  const { remote } = tracking(detect, undefined, undefined, setFaceCount);
  remote.frame(fakeFrame().frame, 1, false);
  expect(detect).toHaveBeenCalledTimes(1);
  // The worker sought 2 faces; the pose seeks 1: the change goes out, the next frame waits for it.
  answers[0]?.(noFace(2));
  await vi.advanceTimersByTimeAsync(0);
  expect(setFaceCount).toHaveBeenCalledOnce();
  remote.frame(fakeFrame().frame, 2, false);
  await vi.advanceTimersByTimeAsync(0);
  expect(detect).toHaveBeenCalledTimes(1);
  counted();
  await vi.advanceTimersByTimeAsync(0);
  expect(detect).toHaveBeenCalledTimes(2);
  answers[1]?.(noFace(1));
  await vi.advanceTimersByTimeAsync(0);
  remote.frame(fakeFrame().frame, 3, false);
  expect(detect).toHaveBeenCalledTimes(3);
});

it('poses a photo with its own detection when the video jumps while it is out, and only the photo', async () => {
  const answers: ((value: unknown) => void)[] = [];
  const { scene, poses } = fakeScene();
  const pose = new FacePose(scene);
  const { remote } = tracking(() => new Promise((resolve) => answers.push(resolve)), pose);
  const { frame } = fakeFrame();
  // The detection is asked for a microtask after the frame is sent.
  const answer = async (x: number) => {
    await vi.advanceTimersByTimeAsync(0);
    answers.shift()!({ ...faceAt(x), soughtFaces: 1 });
    await vi.advanceTimersByTimeAsync(0);
  };
  // A moving frame's detection, then a jump (a seek, a loop): its result no longer counts.
  remote.frame(frame, 0, false);
  remote.reset();
  pose.reset();
  await answer(0.3);
  expect(poses.at(-1) ?? null).toBeNull();
  // A photo's detection, then a jump: the photo is drawn with its own pose all the same.
  const photo = remote.trackNow(frame, 10, false);
  remote.reset();
  pose.reset();
  await answer(0.7);
  await photo;
  expect(poses.at(-1)!.elements[12]).toBeCloseTo(6, 5);
  // The frames after the jump wait for their own detection: no pose carried over from the photo.
  remote.frame(frame, 20, false);
  expect(poses.at(-1)).toBeNull();
});

it('hands a photo the pose its own result gave, though frames waiting on it are drawn first', async () => {
  // FacePose poses the scene whose anchor the tracking reads, as scene-pose-sink.ts does.
  const anchor = { visible: false, matrix: new Matrix4() };
  const setPose = (m: Matrix4 | null) => {
    anchor.visible = m !== null;
    if (m) anchor.matrix.copy(m);
  };
  const sink: PoseSink = { ...fakeScene().scene, setPose };
  let answer: (value: unknown) => void = () => {};
  const detect = () => new Promise((resolve) => (answer = resolve));
  const { remote } = tracking(detect, new FacePose(sink), anchor);
  // A playing file's held frame, late and waiting on the detection, is drawn as its result comes
  // with its own pose (at a loop's seam: the file's first frame's).
  remote.onResult = () => setPose(new Matrix4().makeTranslation(99, 0, -50));
  const photo = remote.trackNow(fakeFrame().frame, 10, false);
  await vi.advanceTimersByTimeAsync(0);
  answer({ ...faceAt(0.7), soughtFaces: 1 });
  const own = await photo;
  expect(anchor.matrix.elements[12]).toBe(99);
  expect(own!.elements[12]).toBeCloseTo(6, 5);
});
