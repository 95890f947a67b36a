// Judges a run over the cut clip (motion-fixtures.mjs) from two logs: the pictures the <video>
// presented (the test's own video frame callback, presentedLogger: each one's capture time and a
// luminance thumbnail of what the element showed) and the app's frame log (window.__tryOnFrames:
// each drawn frame's capture time and the capture time of the result its pose rests on). Shared
// by video-file.e2e.ts, the engines' check and the bench.

/** @typedef {{ at: number, media: number, luma: number[] }} Presented */
/** @typedef {{ captured: number, poseFrom: number | null }} Drawn */

/** Capture times are rounded to the microsecond on their way into a VideoFrame. */
const SAME_MS = 0.01;

/**
 * Below this correlation two presented pictures show different scenes (the clip's two scenes:
 * 0.04–0.06; a turning head from one frame to the next: over 0.99).
 */
const SCENE_CHANGE = 0.5;

/**
 * In the page: logs every picture the first <video> presents into window.__presented, with the
 * capture time the app stamps its frames with (frame-pump.ts; video-frame-source.ts replaces one
 * over 1 s off the page's clock, which no page here has) and a 24×18 luminance thumbnail of
 * what the element shows at that callback. The cut is found in both (judgeCut): Firefox's callback
 * says 3.000 s while the element still shows the frame before (measured on the cut clip; the new
 * scene shows at the callback that says 3.033 s). Self-contained (serialized into the page).
 */
export function presentedLogger() {
  const video = /** @type {HTMLVideoElement} */ (document.querySelector('video'));
  const canvas = new OffscreenCanvas(24, 18);
  const g = /** @type {OffscreenCanvasRenderingContext2D} */ (
    canvas.getContext('2d', { willReadFrequently: true })
  );
  /** @type {Presented[]} */
  const log = [];
  /** @type {any} */ (window).__presented = log;
  /** @param {number} at @param {number} media */
  const note = (at, media) => {
    g.drawImage(video, 0, 0, 24, 18);
    const rgba = g.getImageData(0, 0, 24, 18).data;
    const luma = [];
    for (let i = 0; i < rgba.length; i += 4)
      luma.push(Math.round(0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2]));
    log.push({ at, media, luma });
  };
  let called = performance.now();
  const next = () =>
    video.requestVideoFrameCallback((_now, meta) => {
      called = performance.now();
      note(performance.timeOrigin + (meta.captureTime ?? meta.expectedDisplayTime), meta.mediaTime);
      next();
    });
  next();
  // Where the callback stops coming for a playing video (WebKitGTK without accelerated
  // compositing), the picture is polled as the app's frame source polls it (video-frame-source.ts),
  // stamped as the app stamps it then.
  let last = video.currentTime;
  const poll = () => {
    const now = performance.now();
    if (now - called > 1000 && video.currentTime !== last)
      note(performance.timeOrigin + now, video.currentTime);
    last = video.currentTime;
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

/** Pearson correlation of two thumbnails (1 for two flat ones). */
function similarity(a, b) {
  const mean = (v) => v.reduce((sum, x) => sum + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  a.forEach((x, i) => {
    ab += (x - ma) * (b[i] - mb);
    aa += (x - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  });
  return aa * bb === 0 ? 1 : ab / Math.sqrt(aa * bb);
}

/**
 * For a failure's message: each presented picture within a second of the cut, as its media time
 * and its similarity to the one before.
 * @param {Presented[]} presented
 * @param {number} cutAtS
 */
export function cutTrace(presented, cutAtS) {
  return presented
    .map((p, i) =>
      i > 0 ? `${p.media.toFixed(3)}:${similarity(presented[i - 1].luma, p.luma).toFixed(2)}` : '',
    )
    .filter((_, i) => i > 0 && Math.abs(presented[i].media - cutAtS) <= 1)
    .join(' ');
}

/**
 * @param {Presented[]} presented
 * @param {Drawn[]} frames
 * @param {number} cutAtS the cut's media time
 * @param {number} frameS one frame's duration
 * @param {number} [graceFrames] frames after the cut not judged: where an engine's callback and its
 *   picture disagree by a frame (Firefox: at the cut clip's cut the element showed the old picture
 *   at the callback that named the new one, and another run the test's picture was new while the
 *   app's, taken in its own callback for the same frame, was still old)
 */
export function judgeCut(presented, frames, cutAtS, frameS, graceFrames = 0) {
  // Where the new scene starts, by the callback's media time and by the picture the test saw in
  // that callback (from a few frames before the cut to half a second after it: a busy page skips
  // pictures). The two can disagree by a frame, either way, in Chromium as in Firefox: frames
  // between them are not judged; stale frames are counted from the later one.
  const labelAt = presented.find((p) => p.media >= cutAtS - frameS / 2)?.at;
  const pictureAt = presented.find(
    (p, i) =>
      i > 0 &&
      p.media >= cutAtS - 4 * frameS &&
      presented[i - 1].media < cutAtS + 0.5 &&
      similarity(presented[i - 1].luma, p.luma) < SCENE_CHANGE,
  )?.at;
  if (labelAt === undefined || pictureAt === undefined) return null;
  const firstAt = Math.min(labelAt, pictureAt);
  const cutAt = Math.max(labelAt, pictureAt);
  const before = frames.filter(
    (f) => f.captured < firstAt - SAME_MS && f.captured > firstAt - 1000,
  );
  const after = frames.filter((f) => f.captured >= cutAt - SAME_MS);
  const back = after.find((f) => f.poseFrom !== null && f.poseFrom >= firstAt - SAME_MS);
  return {
    cutAt,
    /** Frames in the second before the cut drawn with glasses (a run without them proves nothing). */
    wornBefore: before.filter((f) => f.poseFrom !== null).length,
    /** Frames after the cut drawn with a pose from before it: the failure. */
    stale: after.filter(
      (f) =>
        f.poseFrom !== null &&
        f.poseFrom < firstAt - SAME_MS &&
        f.captured >= cutAt + graceFrames * frameS * 1000 - SAME_MS,
    ),
    /** How long after the cut the glasses were back on the new face (null: never, in the log). */
    backAfterMs: back ? back.captured - cutAt : null,
    drawnAfter: after.length,
  };
}
