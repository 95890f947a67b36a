import { describe, expect, it, vi } from 'vitest';
import { FramePump, thinned, type FrameSource } from '../../src/engine/frame-pump';
import type { FrameResult } from '../../src/shared/try-on-types';

/** A stand-in VideoFrame that records how often it is closed. */
class FakeFrame {
  closes = 0;
  transferred = false;
  constructor(readonly timestamp: number) {}
  close() {
    this.closes++;
  }
}

function harness(
  onResult?: (result: FrameResult, capturedAtMs: number) => void,
  paintBetween = false,
) {
  const frames: FakeFrame[] = [];
  const errors: unknown[] = [];
  /** Times the next grabs throw, as Chromium's VideoFrame constructor can on a new camera. */
  let grabThrows = 0;
  let next: ((at: number) => void) | null = null;
  const source: FrameSource = {
    onNextFrame(cb) {
      next = cb;
      return () => (next = null);
    },
    grab(ts) {
      if (grabThrows > 0) {
        grabThrows--;
        throw new DOMException("Failed to construct 'VideoFrame': Invalid source state");
      }
      const frame = new FakeFrame(ts);
      frames.push(frame);
      return frame as unknown as VideoFrame;
    },
  };
  const inFlight: {
    frame: FakeFrame;
    resolve: (result: FrameResult) => void;
    reject: (e: Error) => void;
  }[] = [];
  const pump = new FramePump(
    source,
    (frame) => {
      const fake = frame as unknown as FakeFrame;
      fake.transferred = true; // the worker now owns it and closes it
      return new Promise<FrameResult>((resolve, reject) =>
        inFlight.push({ frame: fake, resolve, reject }),
      );
    },
    (error) => errors.push(error),
    onResult,
    paintBetween,
  );
  const emit = (at: number) => next?.(at);
  const settle = async (ok = true, freshPose = true) => {
    const item = inFlight.shift()!;
    if (ok)
      item.resolve({
        face: true,
        freshPose,
        detectMs: freshPose ? 40 : 0,
        renderMs: 2,
        poseFromMs: null,
        drawn: [],
      });
    else item.reject(new Error('boom'));
    await Promise.resolve();
    await Promise.resolve();
  };
  const failGrabs = (count: number) => (grabThrows = count);
  return { pump, frames, emit, settle, inFlight, errors, failGrabs };
}

/** Every frame ends exactly once: closed here or handed to the worker. */
const endedOnce = (f: FakeFrame) => f.closes + (f.transferred ? 1 : 0) === 1;

describe('FramePump', () => {
  it('goes on pulling after a picture it cannot wrap, and says so', () => {
    const { pump, frames, emit, inFlight, errors, failGrabs } = harness();
    pump.start();
    failGrabs(1);
    emit(1000);
    expect(errors).toHaveLength(1);
    emit(1033);
    expect(frames.map((f) => f.timestamp)).toEqual([1_033_000]);
    expect(inFlight).toHaveLength(1);
    pump.stop();
  });

  it('on the page path, lets the page paint before it sends a frame that waited', async () => {
    const paints: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (paint: () => void) => paints.push(paint));
    try {
      const { pump, frames, emit, settle, inFlight } = harness(undefined, true);
      pump.start();
      emit(1000);
      emit(1033);
      await settle();
      expect(inFlight).toHaveLength(0);
      emit(1066); // newer than the one waiting: it replaces it
      expect(paints).toHaveLength(1);
      paints.shift()!();
      expect(inFlight.map((f) => f.frame)).toEqual([frames[2]]);
      expect(frames[1]!.closes).toBe(1);
      await settle();
      expect(paints).toHaveLength(0); // nothing waited: no animation frame asked for
      pump.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps one frame in flight and replaces the waiting one with the newest', async () => {
    const { pump, frames, emit, settle, inFlight } = harness();
    pump.start();
    for (let i = 0; i < 5; i++) emit(1000 + i * 33);
    expect(inFlight).toHaveLength(1);
    expect(pump.counters).toMatchObject({ framesIn: 5, dropped: 3, inFlight: 1, waiting: 1 });
    await settle();
    expect(inFlight[0]!.frame).toBe(frames[4]); // the newest frame went next
    await settle(true, false);
    pump.stop();
    expect(pump.counters.framesIn).toBe(pump.counters.drawn + pump.counters.dropped);
    // The engine's answers are kept: both frames drawn, the first of them tracked.
    expect(pump.counters).toMatchObject({ drawn: 2, freshPoses: 1 });
    expect(pump.lastResult).toMatchObject({ freshPose: false, detectMs: 0 });
    expect(frames.every(endedOnce)).toBe(true);
  });

  it('tells each finished frame result with its capture time (the bench log)', async () => {
    const heard: [boolean, number][] = [];
    const { pump, emit, settle } = harness((result, at) => heard.push([result.freshPose, at]));
    pump.start();
    emit(1000);
    emit(1033.4);
    await settle(true, true);
    await settle(true, false);
    emit(1066);
    await settle(false);
    expect(heard).toEqual([
      [true, 1000],
      [false, 1033.4],
    ]);
  });

  it('closes the waiting frame on stop and never sends after stop', async () => {
    const { pump, frames, emit, settle, inFlight } = harness();
    pump.start();
    emit(1);
    emit(2);
    pump.stop();
    await settle();
    expect(inFlight).toHaveLength(0);
    emit(3);
    expect(pump.counters.framesIn).toBe(2);
    expect(frames.every(endedOnce)).toBe(true);
  });

  it('counts failures and keeps going', async () => {
    const { pump, emit, settle, inFlight } = harness();
    pump.start();
    emit(1);
    emit(2);
    await settle(false);
    expect(pump.counters.failed).toBe(1);
    expect(inFlight).toHaveLength(1);
  });

  it('stamps each frame with its capture time (µs), rewinds included: the engine owns rising', () => {
    const { pump, frames, emit } = harness();
    pump.start();
    const at = [5000, 5033, 10, 10, 20, 4999.9];
    for (const ms of at) emit(ms);
    expect(frames.map((f) => f.timestamp)).toEqual(at.map((ms) => Math.round(ms * 1000)));
  });

  it('leaks nothing over many frames with random completion', async () => {
    const { pump, frames, emit, settle, inFlight } = harness();
    pump.start();
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) {
      emit(i * 16.7);
      if (inFlight.length > 0 && rand() < 0.4) await settle(rand() > 0.05);
    }
    pump.stop();
    while (inFlight.length > 0) await settle();
    const c = pump.counters;
    expect(c.framesIn).toBe(2000);
    expect(c.framesIn).toBe(c.drawn + c.dropped + c.failed);
    expect(frames.every(endedOnce)).toBe(true);
  });
});

describe('thinned (the bench’s ?draw=half)', () => {
  it('passes on every other frame and grabs only those, until cancelled', () => {
    const hold: { next: ((at: number) => void) | null } = { next: null };
    let grabs = 0;
    const source: FrameSource = {
      onNextFrame(cb) {
        hold.next = cb;
        return () => (hold.next = null);
      },
      grab() {
        grabs++;
        return null;
      },
    };
    const half = thinned(source, 2);
    const seen: number[] = [];
    const take = (at: number) => {
      seen.push(at);
      half.grab(at * 1000);
      cancel = half.onNextFrame(take);
    };
    let cancel = half.onNextFrame(take);
    for (let at = 1; at <= 6; at++) hold.next?.(at);
    expect(seen).toEqual([2, 4, 6]);
    expect(grabs).toBe(3);
    cancel();
    hold.next?.(7);
    hold.next?.(8);
    expect(seen).toEqual([2, 4, 6]);
  });
});
