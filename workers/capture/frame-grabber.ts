import { PixelPackGrabber } from './pixel-pack-grabber';

/** Gets the frame taken from a picture, or null when it could not be taken after all. */
export type FrameTaken = (frame: VideoFrame | null) => void;

/**
 * Turns the freshly rendered picture into a VideoFrame for the recording, now or a little later,
 * in drawing order. Chromium's VideoEncoder scales a frame of another size to the configured one
 * on its own threads (the WebCodecs spec leaves this open, w3c/webcodecs#407); elsewhere the
 * picture is drawn into a canvas of the recording's size first.
 */
export interface FrameGrabber {
  /** Call right after rendering, in the same task (the drawing buffer is not kept). False: busy. */
  grab(picture: OffscreenCanvas, timestampUs: number, taken: FrameTaken): boolean;
  /** Grabs whose frame has not come yet. */
  readonly busy: number;
  /** Delivers (or gives up) every grab in flight. */
  settle(): Promise<void>;
  dispose(): void;
}

/**
 * Where the encoder scales and the picture is WebGL 2: a copy into a pixel-pack buffer
 * (pixel-pack-grabber.ts says why). Otherwise a snapshot, `new VideoFrame(canvas)`: it costs
 * this thread 1–2 ms against 50 ms for a plain readPixels.
 */
export function createFrameGrabber(
  config: VideoEncoderConfig,
  gl: WebGL2RenderingContext | WebGLRenderingContext,
  scales: boolean,
): FrameGrabber {
  const durationUs = config.framerate ? Math.round(1e6 / config.framerate) : undefined;
  if (scales) {
    if ('fenceSync' in gl) return new PixelPackGrabber(gl, durationUs);
    return syncGrabber((source, timestamp) => snapshot(source, timestamp, durationUs));
  }
  const canvas = new OffscreenCanvas(config.width, config.height);
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) throw new Error('no 2d context for recording');
  return syncGrabber((source, timestamp) => {
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    return snapshot(canvas, timestamp, durationUs);
  });
}

function snapshot(source: OffscreenCanvas, timestamp: number, duration?: number): VideoFrame {
  return new VideoFrame(source, { timestamp, duration, alpha: 'discard' });
}

/** A grabber whose frame comes at once. */
function syncGrabber(take: (picture: OffscreenCanvas, timestampUs: number) => VideoFrame) {
  return {
    busy: 0,
    grab(picture: OffscreenCanvas, timestampUs: number, taken: FrameTaken): boolean {
      taken(take(picture, timestampUs));
      return true;
    },
    settle: () => Promise.resolve(),
    dispose() {},
  } satisfies FrameGrabber;
}

const PROBE_SIZE = 64;

/**
 * Whether the encoder scales a picture of another size to its configured one: encodes one frame
 * of half the configured size and reports whether it came out.
 */
export async function encoderScales(config: VideoEncoderConfig): Promise<boolean> {
  let produced = false;
  let failed = false;
  const encoder = new VideoEncoder({
    output: () => (produced = true),
    error: () => (failed = true),
  });
  try {
    encoder.configure({ ...config, width: PROBE_SIZE, height: PROBE_SIZE, bitrate: 200_000 });
    const half = PROBE_SIZE / 2;
    const frame = new VideoFrame(new Uint8Array(half * half * 4), {
      format: 'RGBX',
      codedWidth: half,
      codedHeight: half,
      timestamp: 0,
    });
    try {
      encoder.encode(frame, { keyFrame: true });
    } finally {
      frame.close();
    }
    await encoder.flush();
    return produced && !failed;
  } catch {
    return false;
  } finally {
    if (encoder.state !== 'closed') encoder.close();
  }
}
