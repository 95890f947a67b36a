/**
 * The one owner of the rule that the model's timestamps rise strictly (FaceLandmarker's VIDEO mode
 * refuses any other): a frame keeps its own capture time unless that is not after the last one
 * handed out (a looping file rewinds, two pictures share a capture time, a kept picture is tracked
 * again); then it gets the last one + 1 ms. The page's capture times are all on its own clock
 * (src/engine/video-frame-source.ts).
 */
export class RisingClock {
  private last = -Infinity;

  /** The timestamp (ms) for a frame captured at `capturedMs`. */
  next(capturedMs: number): number {
    this.last = Math.max(capturedMs, this.last + 1);
    return this.last;
  }

  /** A timestamp for the picture already handed out last, tracked once more. */
  again(): number {
    return this.next(-Infinity);
  }
}
