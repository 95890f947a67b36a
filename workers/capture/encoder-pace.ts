import { RECORD_FPS } from '../../src/shared/ui-constants';
import { withDeadline } from '../../src/shared/deadline';

/** Frames encoded back to back to time the encoder at one size (the first is a key frame). */
const PACE_FRAMES = 8;
/**
 * The encoder may take this share of a frame's time at RECORD_FPS (33 ms), timed while drawing
 * and tracking go on: the rest is theirs. On 2 cores with SwiftShader, recording at 2× costs the
 * drawing 2–3 frames a second and the recording drops 1–3 more (bench: 'Drawn fps' against
 * 'Recording on: tracked / drawn / recorded fps', bench/RESULTS.md).
 */
export const ENCODE_SHARE = 0.3;
/** The encoder's whole probe at one size has this long, then the size counts as too slow. */
const PACE_DEADLINE_MS = 3000;
/** The picture moves this many pixels a frame in the probe, as a moving head would. */
const STEP_PX = 4;

/** How long one frame took the encoder at `config`'s size, ms (wall time, frames back to back). */
export type PaceProbe = (config: VideoEncoderConfig) => Promise<number>;

/**
 * A probe over frames made from `picture` (the last camera picture) at the size asked, shifted a
 * little each frame so the encoder has motion to search, not one picture repeated. The pixels are
 * read back once and each frame is made from memory, as the recording's own are (pixel-pack
 * grabber): frames drawn from a canvas each time would time the GPU's readback, 94–116 ms a frame
 * on SwiftShader, not the encoder.
 */
export function pictureProbe(picture: VideoFrame): PaceProbe {
  return async (config) => {
    const width = config.width ?? picture.displayWidth;
    const height = config.height ?? picture.displayHeight;
    const wide = width + STEP_PX * PACE_FRAMES;
    const canvas = new OffscreenCanvas(wide, height);
    const context = canvas.getContext('2d', { alpha: false, willReadFrequently: true });
    if (!context) throw new Error('no 2d context for the encoder probe');
    context.drawImage(picture, 0, 0, wide, height);
    const pixels = context.getImageData(0, 0, wide, height).data;
    let outputs = 0;
    let failure: unknown = null;
    const encoder = new VideoEncoder({ output: () => outputs++, error: (e) => (failure = e) });
    try {
      encoder.configure(config);
      const start = performance.now();
      for (let i = 0; i < PACE_FRAMES; i++) {
        const frame = new VideoFrame(pixels, {
          format: 'RGBX',
          codedWidth: wide,
          codedHeight: height,
          visibleRect: { x: i * STEP_PX, y: 0, width, height },
          timestamp: Math.round((i * 1e6) / RECORD_FPS),
        });
        try {
          encoder.encode(frame, { keyFrame: i === 0 });
        } finally {
          frame.close();
        }
      }
      await withDeadline(encoder.flush(), PACE_DEADLINE_MS);
      if (failure || outputs < PACE_FRAMES) throw failure ?? new Error('the encoder gave less');
      return (performance.now() - start) / PACE_FRAMES;
    } finally {
      if (encoder.state !== 'closed') encoder.close();
    }
  };
}

/** The time the encoder may take a frame: ENCODE_SHARE of a frame at RECORD_FPS, ms. */
export const encodeBudgetMs = (): number => (ENCODE_SHARE * 1000) / RECORD_FPS;
