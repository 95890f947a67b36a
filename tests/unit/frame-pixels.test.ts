import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FramePixels } from '../../workers/render/frame-pixels';

/** Node has no ImageData: the fields the texture upload reads. */
class FakeImageData {
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}
beforeAll(() => {
  (globalThis as { ImageData?: unknown }).ImageData ??= FakeImageData;
});
afterEach(() => {
  vi.useRealTimers();
});

type CopyTo = (dest: Uint8ClampedArray, options: object) => Promise<unknown>;

/** A 2×1 frame whose copy fills its pixels with 7s, or does what `copyTo` says; its calls. */
function frame(copyTo: CopyTo = async (dest) => dest.fill(7)) {
  const calls: object[] = [];
  const run: CopyTo = (dest, options) => {
    calls.push(options);
    return copyTo(dest, options);
  };
  const fake = { displayWidth: 2, displayHeight: 1, copyTo: run };
  return { calls, frame: fake as unknown as VideoFrame };
}

describe('frame pixels for software GL', () => {
  it('copies the frame as sRGB RGBA, handed out once', async () => {
    const pixels = new FramePixels(true);
    const { frame: f, calls } = frame();
    await pixels.copy(f);
    expect(calls).toEqual([{ format: 'RGBA', colorSpace: 'srgb' }]);
    const image = pixels.take(f)!;
    expect([image.width, image.height]).toEqual([2, 1]);
    expect([...image.data]).toEqual([7, 7, 7, 7, 7, 7, 7, 7]);
    expect(pixels.take(f)).toBeNull();
  });

  it('leaves a frame on a real GPU alone', async () => {
    const pixels = new FramePixels(false);
    const { frame: f, calls } = frame();
    await pixels.copy(f);
    expect(calls).toEqual([]);
    expect(pixels.take(f)).toBeNull();
  });

  it('uploads frames as they are for good where the copy is refused', async () => {
    const pixels = new FramePixels(true);
    const refused = frame(() => Promise.reject(new DOMException('no RGBA', 'NotSupportedError')));
    await pixels.copy(refused.frame);
    expect(pixels.take(refused.frame)).toBeNull();
    const next = frame();
    await pixels.copy(next.frame);
    expect(next.calls).toEqual([]);
    expect(pixels.take(next.frame)).toBeNull();
  });

  it('lets a late copy go, and stops copying after three late ones in a row', async () => {
    vi.useFakeTimers();
    const pixels = new FramePixels(true);
    const late = () => frame(() => new Promise(() => {}));
    const wait = async (f: VideoFrame) => {
      const done = pixels.copy(f);
      await vi.advanceTimersByTimeAsync(100);
      await done;
      return pixels.take(f);
    };
    // Two late, then one in time, twice: a copy in time starts the count again.
    for (let round = 0; round < 2; round++) {
      expect(await wait(late().frame)).toBeNull();
      expect(await wait(late().frame)).toBeNull();
      expect(await wait(frame().frame)).not.toBeNull();
    }
    for (let i = 0; i < 3; i++) expect(await wait(late().frame)).toBeNull();
    const after = frame();
    expect(await wait(after.frame)).toBeNull();
    expect(after.calls).toEqual([]);
  });
});
