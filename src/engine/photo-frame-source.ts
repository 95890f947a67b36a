import type { FrameSource } from './frame-pump';

/**
 * A FrameSource over a still photo: one frame, once. The engine keeps that picture (kept-picture
 * in the worker), tracks it with its own pose and draws it again whenever the glasses change; a
 * fresh engine (after a crash) gets a new source, so the picture once more.
 */
export function photoFrameSource(bitmap: ImageBitmap): FrameSource {
  let given = false;
  return {
    onNextFrame(callback) {
      if (given) return () => {};
      const timer = setTimeout(() => {
        given = true;
        callback(performance.timeOrigin + performance.now());
      }, 0);
      return () => clearTimeout(timer);
    },
    grab(timestampUs) {
      return new VideoFrame(bitmap, { timestamp: timestampUs });
    },
  };
}
