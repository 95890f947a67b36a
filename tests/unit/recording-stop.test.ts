import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_MS } from '../../workers/pipeline/held-frames';
import type { KeptPicture } from '../../workers/pipeline/kept-picture';
import { Recording } from '../../workers/pipeline/recording';

/** What the recorder was given: each picture's time (µs), and the press its stop ended at. */
const fed: number[] = [];
const stoppedAt: number[] = [];

vi.mock('../../workers/capture/record-prep', () => ({
  RecordPrep: class {
    has = () => true;
    plan = async () => ({});
  },
}));
vi.mock('../../workers/capture/recorder', () => ({
  Recorder: {
    start: async () => ({
      info: {},
      addFrame: (_: unknown, timestampUs: number) => fed.push(timestampUs),
      stop: async (pressedAtMs: number) => {
        stoppedAt.push(pressedAtMs);
        return { frames: fed.length };
      },
      cancel: () => {},
    }),
  },
}));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  fed.length = 0;
  stoppedAt.length = 0;
});
afterEach(() => vi.useRealTimers());

const canvas = {} as OffscreenCanvas;
const kept = { withPicture: (use: (p: null) => unknown) => use(null) } as unknown as KeptPicture;

/** A recording of a camera whose pictures are drawn every 150 ms, each stamped with its capture time. */
async function cameraRecording() {
  const recording = new Recording({} as WebGL2RenderingContext, kept);
  await recording.start(640, 480, 1, 0);
  let capturedMs = 0;
  const drawNext = () => {
    recording.addFrame(canvas, capturedMs * 1000, 640, 480);
    capturedMs += 150;
    vi.advanceTimersByTime(150);
  };
  for (let i = 0; i < 10; i++) drawNext();
  return { recording, drawNext, lastCapturedMs: () => capturedMs - 150 };
}

/** Stops `recording` at `pressedAtMs`; `settled()` says whether the stop has ended. */
function stopAt(recording: Recording, pressedAtMs: number) {
  let settled = false;
  const result = recording.stop(pressedAtMs).finally(() => (settled = true));
  return { result, settled: () => settled };
}

describe('Recording.stop', () => {
  it("on a camera, waits for a picture captured after the press, so the file's end is not held", async () => {
    const { recording, drawNext, lastCapturedMs } = await cameraRecording();
    // The press comes after the last drawn picture was captured: the pictures captured
    // meanwhile are still on their way.
    const pressedAtMs = lastCapturedMs() + 100;
    const stop = stopAt(recording, pressedAtMs);
    await vi.advanceTimersByTimeAsync(0);
    expect(stop.settled()).toBe(false);
    drawNext();
    await stop.result;
    // The recorder had the picture at or after the press before it was stopped at the press.
    expect(fed.at(-1)).toBeGreaterThanOrEqual(pressedAtMs * 1000);
    expect(stoppedAt).toEqual([pressedAtMs]);
  });

  it('does not wait when a picture captured after the press was drawn before the stop came', async () => {
    const { recording, drawNext, lastCapturedMs } = await cameraRecording();
    const pressedAtMs = lastCapturedMs() + 100;
    drawNext();
    const stop = stopAt(recording, pressedAtMs);
    await vi.advanceTimersByTimeAsync(0);
    expect(stop.settled()).toBe(true);
  });

  it('stops once its deadline passes when no picture comes after the press', async () => {
    const { recording, lastCapturedMs } = await cameraRecording();
    const pressedAtMs = lastCapturedMs() + 100;
    const stop = stopAt(recording, pressedAtMs);
    await vi.advanceTimersByTimeAsync(HOLD_MS);
    expect(stop.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(stop.settled()).toBe(true);
    expect(stoppedAt).toEqual([pressedAtMs]);
  });

  it('does not wait when no picture has come for that long (a paused file)', async () => {
    const { recording, lastCapturedMs } = await cameraRecording();
    vi.advanceTimersByTime(HOLD_MS + 200);
    const stop = stopAt(recording, lastCapturedMs() + HOLD_MS + 200);
    await vi.advanceTimersByTimeAsync(0);
    expect(stop.settled()).toBe(true);
  });

  it("keeps the first stop's wait when a second recording starts and stops meanwhile", async () => {
    const { recording, drawNext, lastCapturedMs } = await cameraRecording();
    const first = stopAt(recording, lastCapturedMs() + 100);
    await recording.start(640, 480, 1, 0);
    const second = stopAt(recording, lastCapturedMs() + 120);
    await vi.advanceTimersByTimeAsync(0);
    expect([first.settled(), second.settled()]).toEqual([false, false]);
    drawNext();
    await vi.advanceTimersByTimeAsync(0);
    expect([first.settled(), second.settled()]).toEqual([true, true]);
  });

  it('lets a waiting stop go at once when the recording is cancelled', async () => {
    const { recording, lastCapturedMs } = await cameraRecording();
    const stop = stopAt(recording, lastCapturedMs() + 100);
    recording.cancel();
    await vi.advanceTimersByTimeAsync(0);
    expect(stop.settled()).toBe(true);
  });
});
