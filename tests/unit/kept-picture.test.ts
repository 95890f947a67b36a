import { Matrix4 } from 'three';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameLedger } from '../../workers/common/frame-ledger';
import { RisingClock } from '../../workers/common/rising-clock';
import { KeptPicture } from '../../workers/pipeline/kept-picture';
import { capturePng } from '../../workers/render/scene-content';
import type { TryOnScene } from '../../workers/render/scene';
import type { Tracking } from '../../workers/tracking/frame-tracking';

// Its picture capture pulls in the GLB loaders, which need a worker's `self`.
vi.mock('../../workers/render/scene-content', () => ({ capturePng: vi.fn() }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const poseOf = (x: number) => new Matrix4().makeTranslation(x, 0, -50);

/**
 * A kept picture over a stand-in scene that records the pose each render is drawn with; poses
 * by time are `x = timeMs`, as FacePose.poseAt would give them.
 */
function harness(framesWaiting = false) {
  const anchor = { visible: false, matrix: new Matrix4() };
  const renders: (number | null)[] = [];
  const scene = {
    anchor,
    setMirror: () => {},
    setPose: (m: Matrix4 | null) => {
      anchor.visible = m !== null;
      if (m) anchor.matrix.copy(m);
    },
    render: () => renders.push(anchor.visible ? anchor.matrix.elements[12]! : null),
  };
  // Its own detection finds the face at x = 1 000; a held frame waiting on that result is drawn
  // as it comes (remote-tracking.ts: onResult), with the pose at its own time, x = 5 000.
  const tracking = {
    trackNow: vi.fn(async () => {
      scene.setPose(poseOf(1000));
      const own = poseOf(1000);
      scene.setPose(poseOf(5000));
      return own;
    }),
  } as unknown as Tracking;
  const frame = () => ({ clone: () => frame(), close: () => {} }) as unknown as VideoFrame;
  const kept = new KeptPicture(
    scene as unknown as TryOnScene,
    tracking,
    new RisingClock(),
    new FrameLedger(),
    (timeMs) => scene.setPose(poseOf(timeMs)),
    () => framesWaiting,
    () => {},
  );
  return { scene, renders, kept, frame, tracking };
}

describe('KeptPicture', () => {
  it('draws the kept picture again with the pose at its own time, not the newest result’s', async () => {
    const { scene, renders, kept, frame } = harness();
    kept.keep(frame(), 100, false, false);
    // A result for a later frame came meanwhile (a file's frames are drawn a hold after theirs).
    scene.setPose(poseOf(600));
    kept.redraw();
    expect(renders[0]).toBe(100);
    // Then it is tracked, and drawn with its own pose.
    await vi.runAllTimersAsync();
    expect(renders.at(-1)).toBe(1000);
    // A later result moves the scene again: the picture keeps its own pose when shown again.
    scene.setPose(poseOf(700));
    kept.show();
    expect(renders.at(-1)).toBe(1000);
  });

  it('saves a photo with its own pose, not that of a frame drawn as its result came', async () => {
    const { scene, kept, frame } = harness();
    const drawnAt: (number | null)[] = [];
    vi.mocked(capturePng).mockImplementation(async () => {
      drawnAt.push(scene.anchor.visible ? scene.anchor.matrix.elements[12]! : null);
      return new Blob();
    });
    kept.keep(frame(), 100, false, false);
    await kept.capture(2);
    expect(drawnAt).toEqual([1000]);
  });

  it('takes a slow camera’s next picture for the next, and tracks the last again once it stops', async () => {
    const { kept, frame, tracking } = harness();
    // A camera at 4 pictures a second (a phone in dim light), each drawn with a predicted pose;
    // its first picture has no interval to go by yet.
    kept.keep(frame(), 1000, false, false);
    await vi.advanceTimersByTimeAsync(250);
    vi.mocked(tracking.trackNow).mockClear();
    for (let timeMs = 1250; timeMs <= 3000; timeMs += 250) {
      kept.keep(frame(), timeMs, false, false);
      await vi.advanceTimersByTimeAsync(250);
    }
    expect(tracking.trackNow).not.toHaveBeenCalled();
    // It stops: one and a half of its intervals later, its last picture is tracked again.
    await vi.advanceTimersByTimeAsync(150);
    expect(tracking.trackNow).toHaveBeenCalledTimes(1);
  });

  it('is not tracked again while held frames are still to be drawn', async () => {
    const { renders, kept, frame, tracking } = harness(true);
    kept.keep(frame(), 100, false, false);
    // No new frame for a while: a wait for their poses, which a detection would only lengthen.
    await vi.advanceTimersByTimeAsync(1000);
    expect(renders).toEqual([]);
    expect(tracking.trackNow).not.toHaveBeenCalled();
  });
});
