/**
 * Every VideoFrame the render worker holds: each frame received and each clone (the kept
 * picture, a photo's copy, a frame sent to the tracking worker), from the moment it exists until
 * it is closed, or, for a clone handed to the tracking worker, until that worker answers for it
 * (it closes what it was given). The stats report the count (`openFrames`); once the source has
 * stopped it is 0, or frames leak and a camera whose pool runs dry stalls.
 */
export class FrameLedger {
  private held = 0;
  /** Heard when the last frame held is answered for: the source stopped and nothing is left. */
  onEmpty: () => void = () => {};

  /** A frame that arrived, now ours to close. */
  took(): void {
    this.held++;
  }

  clone(frame: VideoFrame): VideoFrame {
    const copy = frame.clone();
    this.held++;
    return copy;
  }

  close(frame: VideoFrame | null): void {
    if (!frame) return;
    frame.close();
    this.release();
  }

  /** A frame handed to another worker was answered for (that worker closed it). */
  answered(): void {
    this.release();
  }

  /**
   * One frame fewer. Reaching none is told whichever way the last one went: a kept picture being
   * re-tracked when the source stopped is closed after the tracking worker's answer, and the
   * stats would otherwise keep counting it.
   */
  private release(): void {
    this.held--;
    if (this.held === 0) this.onEmpty();
  }

  get open(): number {
    return this.held;
  }
}
