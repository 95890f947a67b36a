/**
 * Copies each drawn picture into a pixel-pack buffer and hands it to the encoder as a frame in
 * memory (through a 2D canvas kept on the CPU) once the GPU has finished it, without this thread
 * waiting for the GPU.
 *
 * Why not `new VideoFrame(canvas)`: Chromium's encoder then reads the picture back from the GPU
 * itself, one frame at a time, behind the drawing in the same GPU process. On 2 cores with
 * SwiftShader that path keeps ~10 of ~17.6 pictures drawn a second, whatever the codec (VP9, VP8,
 * H.264) or queue depth (2 or 8); a copy into a pixel-pack buffer keeps 14–15.7 of 15.4–16.7
 * (bench: 'Recording on: tracked / drawn / recorded fps', bench/RESULTS.md).
 */
import type { FrameGrabber, FrameTaken } from './frame-grabber';

/** Copies in flight at once: a picture drawn while all are busy is left out. */
export const PACK_BUFFERS = 3;
/** How often finished copies are looked for while some are in flight. */
const POLL_MS = 4;
/** A copy the GPU has not finished by then is given up (lost context, a stuck driver). */
const SETTLE_LIMIT_MS = 2000;

interface Copy {
  buffer: WebGLBuffer;
  sync: WebGLSync;
  width: number;
  height: number;
  timestampUs: number;
  taken: FrameTaken;
}

export class PixelPackGrabber implements FrameGrabber {
  private readonly free: WebGLBuffer[] = [];
  private readonly copies: Copy[] = [];
  private bytes = new Uint8Array(0);
  /** The upright picture, and the canvas the frames are made from (sized in `resize`). */
  private image = new ImageData(1, 1);
  private context: OffscreenCanvasRenderingContext2D | null = null;
  private bufferBytes = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly durationUs: number | undefined,
  ) {}

  get busy(): number {
    return this.copies.length;
  }

  grab(_picture: unknown, timestampUs: number, taken: FrameTaken): boolean {
    const { gl } = this;
    const width = gl.drawingBufferWidth;
    const height = gl.drawingBufferHeight;
    if (gl.isContextLost() || this.copies.length >= PACK_BUFFERS) return false;
    if (!this.context || width !== this.image.width || height !== this.image.height) {
      this.resize(width, height);
    }
    if (!this.context) return false;
    let buffer = this.free.pop();
    if (!buffer) {
      buffer = gl.createBuffer();
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
      gl.bufferData(gl.PIXEL_PACK_BUFFER, this.bufferBytes, gl.STREAM_READ);
    }
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
    // three.js leaves the default framebuffer bound after drawing to the screen; read from it.
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, 0);
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
    const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    if (!sync) {
      gl.deleteBuffer(buffer);
      return false;
    }
    gl.flush();
    this.copies.push({ buffer, sync, width, height, timestampUs, taken });
    this.schedule();
    return true;
  }

  /** Hands over (or gives up) every copy in flight; the wait is bounded. */
  async settle(): Promise<void> {
    const end = performance.now() + SETTLE_LIMIT_MS;
    this.collect();
    while (this.copies.length > 0 && performance.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      this.collect();
    }
    while (this.copies.length > 0) this.finish(this.copies.shift()!, false);
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    while (this.copies.length > 0) this.finish(this.copies.shift()!, false);
    for (const buffer of this.free.splice(0)) this.gl.deleteBuffer(buffer);
  }

  /** Hands over the finished copies in drawing order; stops at the first unfinished one. */
  private collect(): void {
    const { gl } = this;
    while (this.copies.length > 0) {
      const copy = this.copies[0]!;
      const state = gl.isContextLost() ? gl.WAIT_FAILED : gl.clientWaitSync(copy.sync, 0, 0);
      if (state === gl.TIMEOUT_EXPIRED) return;
      this.copies.shift();
      this.finish(copy, state !== gl.WAIT_FAILED);
    }
  }

  private finish(copy: Copy, done: boolean): void {
    const { gl } = this;
    gl.deleteSync(copy.sync);
    const current = copy.width === this.image.width && copy.height === this.image.height;
    let frame: VideoFrame | null = null;
    if (done && current) {
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, copy.buffer);
      gl.getBufferSubData(gl.PIXEL_PACK_BUFFER, 0, this.bytes);
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
      frame = this.frameOf(copy);
    }
    if (current) this.free.push(copy.buffer);
    else gl.deleteBuffer(copy.buffer);
    copy.taken(frame);
  }

  /**
   * GL rows run bottom-up; a VideoFrame's run top-down. The frame is made from a 2D canvas kept on
   * the CPU (willReadFrequently), not from the bytes themselves: WebKit's VP9 encoder, given RGBX
   * frames in memory, wrote 9.6–12.5 KB for 5 s of 872×768 (blocky), against 275 KB from a canvas.
   */
  private frameOf({ timestampUs }: Copy): VideoFrame {
    const { width, height } = this.image;
    const row = width * 4;
    const upright = this.image.data;
    for (let y = 0; y < height; y++) {
      upright.set(this.bytes.subarray((height - 1 - y) * row, (height - y) * row), y * row);
    }
    const context = this.context!;
    context.putImageData(this.image, 0, 0);
    return new VideoFrame(context.canvas, {
      timestamp: timestampUs,
      duration: this.durationUs,
      alpha: 'discard',
    });
  }

  private resize(width: number, height: number): void {
    for (const buffer of this.free.splice(0)) this.gl.deleteBuffer(buffer);
    this.bufferBytes = width * height * 4;
    this.bytes = new Uint8Array(this.bufferBytes);
    this.image = new ImageData(width, height);
    this.context = new OffscreenCanvas(width, height).getContext('2d', {
      alpha: false,
      willReadFrequently: true,
    });
  }

  private schedule(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.collect();
      if (this.copies.length > 0) this.schedule();
    }, POLL_MS);
  }
}
