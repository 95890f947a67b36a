import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebGLRenderer, WebGLRenderTarget } from 'three';
import { BAND, BAND_TEXELS } from '../../workers/render/face-band';
import { EYE_CENTER_Y } from '../../workers/common/canonical-face';
import {
  FRAME_SEEN,
  frameSeen,
  lineShares,
  OwnFrameReading,
} from '../../workers/render/own-frame-reading';
import { deferred } from './deferred';

const [WIDTH, HEIGHT] = BAND_TEXELS;

/** A lines target's bytes with full-strength lines where `drawn(x, y)` (cm from the eyes' middle). */
function band(drawn: (x: number, y: number) => boolean): Uint8Array {
  const pixels = new Uint8Array(WIDTH * HEIGHT * 4);
  for (let row = 0; row < HEIGHT; row++) {
    const y = BAND.yLow + ((row + 0.5) / HEIGHT) * (BAND.yHigh - BAND.yLow) - EYE_CENTER_Y;
    for (let col = 0; col < WIDTH; col++) {
      const x = -BAND.halfWidth + ((col + 0.5) / WIDTH) * 2 * BAND.halfWidth;
      if (drawn(x, y)) pixels[4 * (row * WIDTH + col)] = 255;
    }
  }
  return pixels;
}

/** A round frame's rims: rings of radius 2.1 cm about each eye, 2 mm thick, and its bridge. */
const frame = (x: number, y: number) =>
  Math.abs(Math.hypot(Math.abs(x) - 3.15, y) - 2.1) < 0.1 ||
  (Math.abs(x) < 1 && Math.abs(y - 0.6) < 0.1);
/** Brows: thick arcs 2 cm above the eyes. */
const brows = (x: number, y: number) =>
  Math.abs(x) > 1 && Math.abs(x) < 5.5 && Math.abs(y - 2) < 0.3;

describe('the found lines, by region', () => {
  it('reads a frame between and below the eyes, and brows not at all there', () => {
    const worn = lineShares(band((x, y) => frame(x, y) || brows(x, y)));
    const bare = lineShares(band(brows));
    expect(worn.bridge).toBeGreaterThan(FRAME_SEEN.from);
    expect(worn.below).toBeGreaterThan(0.02);
    expect(frameSeen(null, worn)).toBe(true);
    expect(bare.bridge).toBe(0);
    expect(bare.below).toBe(0);
    expect(bare.beside).toBe(0);
    expect(bare.whole).toBeGreaterThan(0);
    expect(frameSeen(null, bare)).toBe(false);
  });

  it('holds the last verdict between its two bounds', () => {
    const between = {
      bridge: (FRAME_SEEN.from + FRAME_SEEN.until) / 2,
      below: 0,
      beside: 0,
      whole: 0,
    };
    expect(frameSeen(null, between)).toBe(false);
    expect(frameSeen(true, between)).toBe(true);
    expect(frameSeen(false, between)).toBe(false);
    expect(frameSeen(false, { ...between, bridge: FRAME_SEEN.from })).toBe(true);
    expect(frameSeen(true, { ...between, bridge: FRAME_SEEN.until / 2 })).toBe(false);
  });
});

describe('reading the lines back', () => {
  afterEach(() => vi.useRealTimers());

  /** A renderer whose read backs answer when the test says, with the bytes it gives. */
  function fakeRenderer() {
    const asks: { answer: ReturnType<typeof deferred<void>>; buffer: Uint8Array }[] = [];
    const renderer = {
      readRenderTargetPixelsAsync: vi.fn(
        (_t: unknown, _x: number, _y: number, _w: number, _h: number, buffer: Uint8Array) => {
          const answer = deferred<void>();
          asks.push({ answer, buffer });
          return answer.promise.then(() => buffer);
        },
      ),
    };
    return { renderer: renderer as unknown as WebGLRenderer, asks };
  }

  /** A reading over a fake renderer, and the verdicts it tells. */
  function readingTold() {
    const { renderer, asks } = fakeRenderer();
    const verdicts: boolean[] = [];
    const reading = new OwnFrameReading(renderer, target, (seen) => verdicts.push(seen));
    return { reading, asks, verdicts };
  }
  const target = {} as WebGLRenderTarget;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('tells each new verdict once, and reads at most once a second of the picture', async () => {
    const { reading, asks, verdicts } = readingTold();
    reading.tell(0);
    reading.tell(0.5);
    expect(asks.length).toBe(1);
    asks[0]!.buffer.set(band(frame));
    asks[0]!.answer.resolve();
    await settle();
    expect(reading.seen).toBe(true);
    reading.tell(0.6);
    expect(asks.length).toBe(1);
    reading.tell(1.1);
    asks[1]!.buffer.set(band(frame));
    asks[1]!.answer.resolve();
    await settle();
    reading.tell(2.2);
    asks[2]!.buffer.fill(0);
    asks[2]!.answer.resolve();
    await settle();
    expect(verdicts).toEqual([true, false]);
  });

  it('is not sure of a still picture whose read back never answers, and asks again later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { reading, asks, verdicts } = readingTold();
    reading.tell(0);
    reading.tell(0);
    expect(asks.length).toBe(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(reading.seen).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(verdicts).toEqual([false]);
    // The same still picture drawn again asks no more; a later one does, and a late answer to
    // the first is not taken.
    reading.tell(0);
    expect(asks.length).toBe(1);
    reading.tell(1);
    expect(asks.length).toBe(2);
    asks[0]!.buffer.set(band(frame));
    asks[0]!.answer.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(verdicts).toEqual([false]);
    asks[1]!.buffer.set(band(frame));
    asks[1]!.answer.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(verdicts).toEqual([false, true]);
  });

  it('is not sure when a read back fails', async () => {
    const { reading, asks, verdicts } = readingTold();
    reading.tell(0);
    asks[0]!.answer.reject(new Error('context lost'));
    await settle();
    expect(verdicts).toEqual([false]);
  });

  it('forgets its verdict when reset', async () => {
    const { renderer, asks } = fakeRenderer();
    const reading = new OwnFrameReading(renderer, target, () => {});
    reading.tell(0);
    asks[0]!.buffer.set(band(frame));
    reading.reset();
    asks[0]!.answer.resolve();
    await settle();
    expect(reading.seen).toBeNull();
    reading.tell(0);
    expect(asks.length).toBe(2);
  });
});
