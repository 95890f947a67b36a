import { THUMB_HEIGHT, THUMB_WIDTH } from '../render/frame-thumbnail';

/**
 * Below this correlation between two drawn frames' thumbnails, the second shows another scene.
 * Measured on the shared videos at this size (ffmpeg's thumbnails, every pair of frames up to 1.5 s
 * apart): a turning head (portrait-turn) gives 0.998 frame to frame and no less than 0.48 up to
 * 1.5 s apart, a hand-held webcam 0.99 and 0.76; portrait-turn's last frame against its first gives
 * 0.41 (a loop the page's seek may not have announced yet). An engine that draws a file at 1–5 fps
 * (WebKitGTK's page path) compares frames that far apart: 0.39–0.65 there, under 0.35 on a slower
 * machine (tests/engines/engines.e2e.ts's check (c) reports the lowest, `sceneMatchLow` in the
 * stats, and fails on any cut in its file; tests/unit/cut-detector.test.ts draws the shared videos
 * at 1–4 fps). The cut clip's cut gives 0.06. A cut between two like shots may stay above it:
 * then the pose's own jump (JUMP_CM) restarts the filter at the next detection. A change of light
 * moves every cell alike and leaves the correlation as it was.
 */
export const CUT_CORRELATION = 0.2;

/**
 * Notices a scene cut in a video (or anything that swaps the whole picture at once) by comparing
 * each frame's thumbnail (render/frame-thumbnail.ts) with the one before: their luminance,
 * correlated. What the pipeline drew with the pose from before it would be wrong (issue 37); a
 * false alarm costs one detection's wait without glasses.
 */
export class CutDetector {
  private readonly last = new Float32Array(THUMB_WIDTH * THUMB_HEIGHT);
  private hasLast = false;
  /** The lowest correlation seen since the source started (1 before any): how near a false cut came. */
  lowest = 1;

  /**
   * Whether a frame, given as its thumbnail's luminance (THUMB_WIDTH × THUMB_HEIGHT, row by row),
   * starts a new scene; it becomes the one the next frame is compared with. The first frame after
   * a reset never does.
   */
  isCut(thumb: Float32Array): boolean {
    const match = this.hasLast ? correlate(this.last, thumb) : 1;
    this.lowest = Math.min(this.lowest, match);
    const cut = match < CUT_CORRELATION;
    this.last.set(thumb);
    this.hasLast = true;
    return cut;
  }

  /** A new source or a seek: the next frame has nothing to compare with. */
  reset(): void {
    this.hasLast = false;
  }
}

/**
 * Pearson correlation. Two flat pictures (black, a lens cap) are the same scene (1); a flat one
 * against a picture with content is not (0): a fade to black and out into another scene.
 */
export function correlate(a: Float32Array, b: Float32Array): number {
  const n = a.length;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i++) {
    meanA += a[i]!;
    meanB += b[i]!;
  }
  meanA /= n;
  meanB /= n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - meanA;
    const db = b[i]! - meanB;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  // Below one grey level of spread: a black or flat frame (a fade, a lens cap).
  const flat = n * 1;
  if (aa < flat && bb < flat) return 1;
  if (aa < flat || bb < flat) return 0;
  return ab / Math.sqrt(aa * bb);
}
