import * as Comlink from 'comlink';
import type { Delegate, TrackerFiles } from '../../src/shared/try-on-types';
import { createTracker } from '../../workers/tracking/tracker';

export type ModelInput = 'videoframe' | 'imagebitmap' | 'imagedata' | 'rgba-copy';

/**
 * What a frame becomes before detection, timed with it: the product passes the VideoFrame
 * itself; the others convert it first (ImageData via a 2D canvas, or via VideoFrame.copyTo
 * into RGBA on the CPU, which never touches WebGL).
 */
async function convert(frame: VideoFrame, input: ModelInput): Promise<TexImageSource> {
  if (input === 'videoframe') return frame;
  if (input === 'imagebitmap') return createImageBitmap(frame);
  const { displayWidth: width, displayHeight: height } = frame;
  if (input === 'rgba-copy') {
    const pixels = new Uint8ClampedArray(width * height * 4);
    await frame.copyTo(pixels, { format: 'RGBA' });
    return new ImageData(pixels, width, height);
  }
  const ctx = new OffscreenCanvas(width, height).getContext('2d')!;
  ctx.drawImage(frame, 0, 0);
  return ctx.getImageData(0, 0, width, height);
}

/**
 * MediaPipe hands every input to its graph as a WebGL texture, whichever the delegate (on this
 * machine WebGL is SwiftShader, in the GPU process). This times that step alone: upload the
 * frame to a texture and read one pixel back (the read waits for the upload to finish).
 */
function timeUpload(images: TexImageSource[]): number[] {
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
  if (!gl) return [];
  const texture = gl.createTexture();
  const fb = gl.createFramebuffer();
  const pixel = new Uint8Array(4);
  const times: number[] = [];
  for (const image of images) {
    const start = performance.now();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, image);
    gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    times.push(performance.now() - start);
  }
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return times;
}

/**
 * The model's physical limit on this machine: detectForVideo back to back on frames captured
 * beforehand, with no rendering and no frame transport in the timed loop.
 */
const api = {
  async run(
    source: TrackerFiles,
    frames: VideoFrame[],
    delegate: Delegate,
    rounds: number,
    input: ModelInput,
    blendshapes: boolean,
  ): Promise<{ times: number[]; convertMs: number[]; uploadMs: number[]; createMs: number }> {
    const created = performance.now();
    // One face sought, as the app does once a face is alone (workers/tracking/face-count.ts): the
    // model's own limit for the one person in these videos.
    const tracker = await createTracker(
      { ...source, modelBytes: new Uint8Array(source.modelBytes) },
      delegate,
      1,
      blendshapes,
    );
    const createMs = performance.now() - created;
    const times: number[] = [];
    const convertMs: number[] = [];
    const uploadSources: TexImageSource[] = [];
    let timestampMs = 1;
    try {
      for (let r = 0; r < rounds; r++) {
        for (const frame of frames) {
          const start = performance.now();
          const image = await convert(frame, input);
          const converted = performance.now();
          tracker.detectForVideo(image, timestampMs++);
          times.push(performance.now() - converted);
          convertMs.push(converted - start);
          if (r === 0) uploadSources.push(image);
          else if (image instanceof ImageBitmap) image.close();
        }
      }
    } finally {
      tracker.close();
    }
    const uploadMs = timeUpload(uploadSources);
    for (const image of uploadSources) if (image instanceof ImageBitmap) image.close();
    for (const frame of frames) frame.close();
    return { times, convertMs, uploadMs, createMs };
  },
};

export type ModelAloneApi = typeof api;
Comlink.expose(api);
