import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PACK_BUFFERS, PixelPackGrabber } from '../../workers/capture/pixel-pack-grabber';

/** A WebGL 2 stand-in: the drawing buffer is `picture`; fences finish when the test says so. */
class FakeGl {
  readonly PIXEL_PACK_BUFFER = 1;
  readonly FRAMEBUFFER = 2;
  readonly RGBA = 3;
  readonly UNSIGNED_BYTE = 4;
  readonly STREAM_READ = 5;
  readonly SYNC_GPU_COMMANDS_COMPLETE = 6;
  readonly TIMEOUT_EXPIRED = 7;
  readonly WAIT_FAILED = 8;
  readonly CONDITION_SATISFIED = 9;
  drawingBufferWidth = 2;
  drawingBufferHeight = 3;
  picture = new Uint8Array(2 * 3 * 4);
  lost = false;
  created = 0;
  deleted = 0;
  readonly fences: { done: boolean; deleted: boolean }[] = [];
  private bound: { data: Uint8Array } | null = null;

  isContextLost = () => this.lost;
  createBuffer = () => (this.created++, { data: new Uint8Array(0) });
  deleteBuffer = () => void this.deleted++;
  bindBuffer = (_target: number, buffer: { data: Uint8Array } | null) => (this.bound = buffer);
  bufferData = (_target: number, bytes: number) => (this.bound!.data = new Uint8Array(bytes));
  bindFramebuffer = () => {};
  readPixels = () => this.bound!.data.set(this.picture);
  fenceSync = () => (this.fences.push({ done: false, deleted: false }), this.fences.at(-1));
  flush = () => {};
  clientWaitSync = (sync: { done: boolean }) =>
    sync.done ? this.CONDITION_SATISFIED : this.TIMEOUT_EXPIRED;
  deleteSync = (sync: { deleted: boolean }) => (sync.deleted = true);
  getBufferSubData = (_target: number, _offset: number, out: Uint8Array) =>
    out.set(this.bound!.data);

  /** A picture whose rows, bottom-up as GL reads them, are filled with 10·n + row. */
  draw(n: number): void {
    const row = this.drawingBufferWidth * 4;
    for (let y = 0; y < this.drawingBufferHeight; y++) {
      this.picture.fill(10 * n + y, y * row, (y + 1) * row);
    }
  }
}

class FakeImageData {
  readonly data: Uint8ClampedArray;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4);
  }
}

/** A 2D canvas: keeps what was last put into it. */
class FakeCanvas {
  pixels = new Uint8Array(0);
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
  getContext() {
    return {
      canvas: this,
      putImageData: (image: FakeImageData) => (this.pixels = new Uint8Array(image.data)),
    };
  }
}

/** A frame of the canvas as it was when the frame was made. */
class FakeFrame {
  closed = false;
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
  constructor(
    source: FakeCanvas,
    readonly init: { timestamp: number; duration?: number },
  ) {
    this.data = new Uint8Array(source.pixels);
    this.width = source.width;
    this.height = source.height;
  }
  close() {
    this.closed = true;
  }
}

/** The first byte of each row, top-down. */
const rows = (frame: FakeFrame) => [0, 1, 2].map((y) => frame.data[y * 2 * 4]);

let gl: FakeGl;
let grabber: PixelPackGrabber;
let got: (FakeFrame | null)[];
const taken = (frame: VideoFrame | null) => got.push(frame as unknown as FakeFrame | null);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.stubGlobal('VideoFrame', FakeFrame);
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  vi.stubGlobal('ImageData', FakeImageData);
  gl = new FakeGl();
  grabber = new PixelPackGrabber(gl as unknown as WebGL2RenderingContext, 33_333);
  got = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const canvas = {} as OffscreenCanvas;

describe('PixelPackGrabber', () => {
  it('hands frames over upright, in drawing order, once the GPU finished them', async () => {
    gl.draw(1);
    expect(grabber.grab(canvas, 1000, taken)).toBe(true);
    gl.draw(2);
    expect(grabber.grab(canvas, 2000, taken)).toBe(true);
    await vi.advanceTimersByTimeAsync(20);
    expect(got).toEqual([]);
    expect(grabber.busy).toBe(2);
    // The second finished first: it still waits for the first.
    gl.fences[1]!.done = true;
    await vi.advanceTimersByTimeAsync(20);
    expect(got).toEqual([]);
    gl.fences[0]!.done = true;
    await vi.advanceTimersByTimeAsync(20);
    expect(got.map((f) => f!.init.timestamp)).toEqual([1000, 2000]);
    // Row 2 of GL (the top of the picture) comes first.
    expect(rows(got[0]!)).toEqual([12, 11, 10]);
    expect(rows(got[1]!)).toEqual([22, 21, 20]);
    expect(got[0]).toMatchObject({ width: 2, height: 3, init: { duration: 33_333 } });
    expect(grabber.busy).toBe(0);
    expect(gl.fences.every((f) => f.deleted)).toBe(true);
  });

  it(`keeps at most ${PACK_BUFFERS} copies in flight and reuses their buffers`, async () => {
    for (let i = 0; i < PACK_BUFFERS; i++) expect(grabber.grab(canvas, i, taken)).toBe(true);
    expect(grabber.grab(canvas, 99, taken)).toBe(false);
    for (let round = 0; round < 5; round++) {
      for (const fence of gl.fences) fence.done = true;
      await vi.advanceTimersByTimeAsync(10);
      expect(grabber.grab(canvas, 100 + round, taken)).toBe(true);
    }
    expect(gl.created).toBe(PACK_BUFFERS);
    grabber.dispose();
    expect(gl.deleted).toBe(PACK_BUFFERS);
  });

  it('gives up copies on a lost context, and those the GPU never finishes', async () => {
    grabber.grab(canvas, 1, taken);
    gl.lost = true;
    await vi.advanceTimersByTimeAsync(10);
    expect(got).toEqual([null]);
    expect(grabber.grab(canvas, 2, taken)).toBe(false);

    gl.lost = false;
    grabber.grab(canvas, 3, taken);
    const settled = grabber.settle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(got).toEqual([null]);
    await vi.advanceTimersByTimeAsync(1100);
    await settled;
    expect(got).toEqual([null, null]);
    expect(grabber.busy).toBe(0);
  });

  it('settles at once when the GPU is done, and drops copies of another size', async () => {
    grabber.grab(canvas, 1, taken);
    gl.drawingBufferWidth = 4;
    gl.picture = new Uint8Array(4 * 3 * 4);
    grabber.grab(canvas, 2, taken);
    for (const fence of gl.fences) fence.done = true;
    await grabber.settle();
    expect(got.map((f) => f?.width ?? null)).toEqual([null, 4]);
  });

  it('takes a turned picture (same bytes, width and height swapped) at its new size', async () => {
    grabber.grab(canvas, 1, taken);
    gl.drawingBufferWidth = 3;
    gl.drawingBufferHeight = 2;
    grabber.grab(canvas, 2, taken);
    for (const fence of gl.fences) fence.done = true;
    await grabber.settle();
    expect(got.map((f) => (f ? [f.width, f.height] : null))).toEqual([null, [3, 2]]);
  });
});
