import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameLedger } from '../../workers/common/frame-ledger';
import { HOLD_MS, HeldFrames, MAX_HELD } from '../../workers/pipeline/held-frames';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => vi.useRealTimers());

/** A file's frames every 40 ms into HeldFrames; results known up to `knownMs`. */
function harness() {
  const ledger = new FrameLedger();
  const drawn: { timeMs: number; atMs: number }[] = [];
  let knownMs = -Infinity;
  // A detection is out, unless a test says otherwise; drawing takes `drawMs` of the clock.
  const state = { detecting: true, drawMs: 0 };
  const held = new HeldFrames(
    ledger,
    (timeMs) => timeMs <= knownMs,
    () => state.detecting,
    ({ timeMs }) => {
      drawn.push({ timeMs, atMs: performance.now() });
      vi.advanceTimersByTime(state.drawMs);
    },
  );
  const push = (timeMs: number) => {
    ledger.took();
    const frame = { close: vi.fn() } as unknown as VideoFrame;
    held.push({ frame, timeMs, mirror: false, detectMs: null });
    return frame;
  };
  const know = (timeMs: number) => {
    knownMs = timeMs;
    held.resulted();
  };
  return { ledger, held, drawn, push, know, state };
}

describe('HeldFrames', () => {
  it('draws each frame once its hold has passed, at the pace the frames came', () => {
    const { held, drawn, push, know, ledger } = harness();
    const hold = held.holdMs;
    for (let i = 0; i < 5; i++) {
      push(i * 40);
      // Each result comes 100 ms after its frame: the waits seen are 100 ms.
      if (i >= 3) know((i - 3) * 40 + 40);
      vi.advanceTimersByTime(40);
    }
    vi.advanceTimersByTime(HOLD_MS);
    expect(drawn.map((d) => d.timeMs)).toEqual([0, 40, 80, 120, 160]);
    expect(drawn[0]!.atMs).toBe(hold);
    // Every frame the same hold (less the few ms it shrinks by), so the pace is kept.
    for (let i = 1; i < drawn.length; i++)
      expect(drawn[i]!.atMs - drawn[i - 1]!.atMs).toBeGreaterThanOrEqual(35);
    expect(ledger.open).toBe(0);
    expect(held.guessed).toBe(2);
  });

  it('holds as long as the waits for a pose need, and shortens it by little steps', () => {
    const { held, push, know } = harness();
    for (let i = 0; i < 100; i++) {
      push(i * 40);
      know(i * 40 - 80); // each frame's pose known 80 ms (two frames) after it came
      vi.advanceTimersByTime(40);
    }
    // The longest wait seen (80 ms, then 120 for the frames before the first result) and 30 ms.
    expect(held.holdMs).toBeGreaterThanOrEqual(110);
    expect(held.holdMs).toBeLessThan(160);
    expect(held.guessed).toBe(0);
  });

  it('keeps a frame past its time until its pose comes, at most HOLD_MS after it came', () => {
    const { held, drawn, push, know } = harness();
    const hold = held.holdMs;
    push(0);
    vi.advanceTimersByTime(hold + 100);
    expect(drawn).toEqual([]);
    // Its pose comes late: the frame is drawn at once, with it.
    know(0);
    expect(drawn).toEqual([{ timeMs: 0, atMs: hold + 100 }]);
    // A pose that never comes (a paused file's last frames): the frame's grace ends.
    push(40);
    vi.advanceTimersByTime(HOLD_MS - 1);
    expect(drawn).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(drawn.map((d) => d.timeMs)).toEqual([0, 40]);
    expect(held.guessed).toBe(1);
  });

  it('waits past its time only while a detection is out', () => {
    const { held, drawn, push, know, state } = harness();
    const hold = held.holdMs;
    push(0);
    vi.advanceTimersByTime(hold + 100);
    expect(drawn).toEqual([]);
    // The detection ends without a pose for it (a paused file's last frame, a paused seek's).
    state.detecting = false;
    know(-Infinity);
    expect(drawn).toEqual([{ timeMs: 0, atMs: hold + 100 }]);
    // None out from the start: drawn at its time.
    push(40);
    vi.advanceTimersByTime(held.holdMs);
    expect(drawn.map((d) => d.timeMs)).toEqual([0, 40]);
  });

  it('draws a frame whose time passed while the one before was drawn at once', () => {
    const { held, drawn, push, know, state } = harness();
    state.drawMs = 100;
    push(0);
    vi.advanceTimersByTime(40);
    push(40);
    know(40);
    const hold = held.holdMs;
    // The first is drawn at its time and takes 100 ms, past the second's time (40 ms later).
    vi.advanceTimersByTime(hold);
    expect(drawn.map((d) => d.timeMs)).toEqual([0, 40]);
    expect(drawn[1]!.atMs - drawn[0]!.atMs).toBe(100);
  });

  it('draws only the newest of frames due together, and skips the others', () => {
    const { held, drawn, push } = harness();
    const frames = [push(0), push(40), push(80)];
    // The thread was busy past all three frames' times.
    vi.advanceTimersByTime(HOLD_MS + 200);
    expect(drawn.map((d) => d.timeMs)).toEqual([80]);
    expect(held.skipped).toBe(2);
    for (const frame of frames) expect(frame.close).toHaveBeenCalledOnce();
  });

  it('never holds more than MAX_HELD frames', () => {
    const { drawn, push } = harness();
    for (let i = 0; i <= MAX_HELD; i++) push(i);
    // The oldest goes at once, whatever its hold.
    expect(drawn.map((d) => d.timeMs)).toEqual([0]);
  });

  it("lets a recording's end wait for the frames before the press, drawn at their own time", async () => {
    const { held, drawn, push, know } = harness();
    for (const timeMs of [0, 40, 80]) {
      push(timeMs);
      vi.advanceTimersByTime(40);
    }
    // Their poses came before their time (so no frame waits for its pose).
    know(80);
    let ended = false;
    const end = held.drawnThrough(40).then(() => (ended = true));
    // Now 120 ms in: the frame at 40 came at 40 ms and is due 40 ms + its hold.
    await vi.advanceTimersByTimeAsync(held.holdMs - 81);
    expect(drawn.map((d) => d.timeMs)).toEqual([0]);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    await end;
    expect(drawn.map((d) => d.timeMs)).toEqual([0, 40]);
  });

  it('drops every held frame undrawn for a new source', () => {
    const { held, drawn, push, ledger } = harness();
    const frame = push(0);
    held.drop();
    vi.advanceTimersByTime(HOLD_MS * 2);
    expect(drawn).toEqual([]);
    expect(frame.close).toHaveBeenCalledOnce();
    expect(ledger.open).toBe(0);
  });
});
