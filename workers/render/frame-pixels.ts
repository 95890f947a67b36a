/**
 * A frame's pixels copied out as RGBA before it is drawn, where WebGL runs on the CPU. There
 * WebGL's own upload of a VideoFrame costs the GPU process about 20 ms of CPU a frame (a 436×384
 * camera frame, Chromium on SwiftShader: 1.9–2.1 s for 100 frames), out of sight of the drawing's
 * own time; `copyTo` and an upload of its bytes cost about 2.5 ms, and give the same picture (0.4
 * of a level apart on average). The bench's Against section gives what it changes for the app.
 * Where the GPU is real the frame stays on it: a copy would read it back. The tracker is still
 * given the frame itself: given these copies, MediaPipe placed the glasses on a playing file
 * worse (video-file.e2e's live check, p95 0.36–0.38 eye spans against 0.20).
 */
import { DeadlinePassed, withDeadline } from '../../src/shared/deadline';

/** A copy later than this is let go, and the frame uploaded as it is. */
const COPY_DEADLINE_MS = 100;
/** After this many late copies in a row, frames are uploaded as they are for good. */
const FAILURES_BEFORE_OFF = 3;

export class FramePixels {
  /** Copies of frames not drawn yet, by frame (a held frame is drawn later, or never). */
  private readonly copies = new WeakMap<VideoFrame, ImageData>();
  private failures = 0;

  constructor(private on: boolean) {}

  /** Copies `frame`'s pixels for `take`; resolves when done, never rejects. */
  async copy(frame: VideoFrame): Promise<void> {
    if (!this.on) return;
    const { displayWidth: width, displayHeight: height } = frame;
    try {
      const data = new Uint8ClampedArray(width * height * 4);
      const options = { format: 'RGBA', colorSpace: 'srgb' } as const;
      await withDeadline(frame.copyTo(data, options), COPY_DEADLINE_MS);
      this.copies.set(frame, new ImageData(data, width, height));
      this.failures = 0;
    } catch (error) {
      // An engine without the conversion refuses at once; a late copy may be a one-off.
      if (!(error instanceof DeadlinePassed) || ++this.failures >= FAILURES_BEFORE_OFF) {
        this.on = false;
        console.warn('[engine] frames uploaded as they are: no RGBA copy', error);
      }
    }
  }

  /** `frame`'s copied pixels, once (null: upload the frame itself). */
  take(frame: VideoFrame): ImageData | null {
    const pixels = this.copies.get(frame) ?? null;
    this.copies.delete(frame);
    return pixels;
  }
}
