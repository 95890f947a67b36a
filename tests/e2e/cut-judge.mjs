// Judges a run over the cut clip (motion-fixtures.mjs) from two logs: the pictures the <video>
// presented with their media time (the test's own video frame callback, presentedLogger) and
// the app's frame log (window.__tryOnFrames: each drawn frame's capture time and the capture time
// of the result its pose rests on). Shared by motion.e2e.ts and the bench.

/** @typedef {{ at: number, media: number }} Presented */
/** @typedef {{ captured: number, poseFrom: number | null }} Drawn */

/** Capture times are rounded to the microsecond on their way into a VideoFrame. */
const SAME_MS = 0.01;

/**
 * In the page: logs every picture the first <video> presents into window.__presented. The metadata
 * is the one the app stamps its frames with (frame-pump.ts), so capture times map to media time
 * without asking the app where the cut is. Self-contained (serialized into the page).
 */
export function presentedLogger() {
  const video = /** @type {HTMLVideoElement} */ (document.querySelector('video'));
  /** @type {Presented[]} */
  const log = [];
  /** @type {any} */ (window).__presented = log;
  const next = () =>
    video.requestVideoFrameCallback((_now, meta) => {
      const at = performance.timeOrigin + (meta.captureTime ?? meta.expectedDisplayTime);
      log.push({ at, media: meta.mediaTime });
      next();
    });
  next();
}

/**
 * @param {Presented[]} presented
 * @param {Drawn[]} frames
 * @param {number} cutAtS the cut's media time
 * @param {number} frameS one frame's duration
 */
export function judgeCut(presented, frames, cutAtS, frameS) {
  const cutAt = presented.find((p) => p.media >= cutAtS - frameS / 2)?.at;
  if (cutAt === undefined) return null;
  const before = frames.filter((f) => f.captured < cutAt - SAME_MS && f.captured > cutAt - 1000);
  const after = frames.filter((f) => f.captured >= cutAt - SAME_MS);
  const back = after.find((f) => f.poseFrom !== null && f.poseFrom >= cutAt - SAME_MS);
  return {
    cutAt,
    /** Frames in the second before the cut drawn with glasses (a run without them proves nothing). */
    wornBefore: before.filter((f) => f.poseFrom !== null).length,
    /** Frames after the cut drawn with a pose from before it: the failure. */
    stale: after.filter((f) => f.poseFrom !== null && f.poseFrom < cutAt - SAME_MS),
    /** How long after the cut the glasses were back on the new face (null: never, in the log). */
    backAfterMs: back ? back.captured - cutAt : null,
    drawnAfter: after.length,
  };
}
