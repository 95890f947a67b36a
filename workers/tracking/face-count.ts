import { NUM_FACES } from '../../src/shared/render-constants';

/** Alone in the picture this long (seeking every face), and the tracker seeks one face only. */
export const SINGLE_FACE_AFTER_MS = 10_000;

/**
 * How many faces the tracker seeks. Seeking two makes MediaPipe run its face detector on every
 * frame while it tracks one (on the model alone a detection takes 54–58 ms seeking two, against
 * 41–47 ms seeking one; switching costs one graph rebuild, 40–55 ms, in the tracking worker).
 * So: every face at the start of a source or after a jump, to see who is there; one once a face
 * has been alone for SINGLE_FACE_AFTER_MS; every face again as soon as the face lock cannot tell
 * whether a face far from the worn one is someone else (workers/tracking/face-lock.ts), and for as long as
 * two are seen.
 */
export class FaceCount {
  private wanted = NUM_FACES;
  private crowdAtMs: number | null = null;

  /** Faces to seek from now on. */
  get faces(): number {
    return this.wanted;
  }

  /**
   * One tracking result: how many faces it found, and whether the face lock was unsure (one
   * face sought, a far one found). Returns the faces to seek from now on.
   */
  observe(found: number, unsure: boolean, timeMs: number): number {
    if (found > 1 || unsure || this.crowdAtMs === null) this.crowdAtMs = timeMs;
    if (unsure) this.wanted = NUM_FACES;
    else if (this.wanted > 1 && timeMs - this.crowdAtMs >= SINGLE_FACE_AFTER_MS) this.wanted = 1;
    return this.wanted;
  }

  /**
   * A new source, or a jump in the video (a seek, a loop): who is in the picture is not known
   * yet. Seeking one face, MediaPipe would also look for it where it was before the jump
   * (it puts the eye line 4.8° off on a rolled picture after a seek); the rebuilt graph does not.
   */
  reset(): void {
    this.wanted = NUM_FACES;
    this.crowdAtMs = null;
  }
}
