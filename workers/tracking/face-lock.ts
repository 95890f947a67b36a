import { NUM_FACES } from '../../src/shared/render-constants';
import type { TrackResult } from '../common/track-result';

/**
 * The held face unseen this long, and in this many results in a row, while another is in the
 * picture, counts as gone for good. The count matters when tracking is slow: MediaPipe misses the
 * smaller of two faces in up to 3 results in a row, and at 2 results a second that passed
 * HANDOVER_MS alone (video-file.e2e's two faces; face-lock.test.ts).
 */
export const HANDOVER_MS = 1_500;
export const HANDOVER_RESULTS = 6;
/** A face this far from the held one's last centre (in its eye spans) is someone else. */
const SAME_FACE_SPANS = 2.5;
const LEFT_EYE = [33, 133] as const;
const RIGHT_EYE = [263, 362] as const;

interface Seen {
  x: number;
  y: number;
  /** Distance between the eye centres, in picture units: the face's size. */
  span: number;
}

function measure(points: readonly { x: number; y: number }[]): Seen | null {
  const eye = ([a, b]: readonly [number, number]) => {
    const p = points[a];
    const q = points[b];
    return p && q ? { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 } : null;
  };
  const left = eye(LEFT_EYE);
  const right = eye(RIGHT_EYE);
  if (!left || !right) return null;
  const span = Math.hypot(left.x - right.x, left.y - right.y);
  return { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2, span };
}

/**
 * Which face wears the glasses when the tracker sees more than one (it tracks up to NUM_FACES):
 * the one they were on, for as long as it is there, however it turns or moves; it may vanish for
 * a moment (a fast turn, a hand, a miss of the tracker's) without the glasses moving to the other
 * person. Only when it has been gone HANDOVER_MS and HANDOVER_RESULTS does the largest face
 * present take them. With one person in the picture
 * there is no one to confuse: a cut or a seek moves the glasses at once.
 *
 * A tracker that seeks one face only (face-count.ts) cannot show who else is there: a face far
 * from the worn one, found soon after it, may be someone else. The lock is then `unsure`: no
 * glasses, counted as a crowd, while the tracker seeks every face again.
 */
export class FaceLock {
  private held: Seen | null = null;
  private heldAtMs = -Infinity;
  /** Results in a row without the held face. */
  private missed = 0;
  /** When a second face was last in the picture. */
  private othersAtMs = -Infinity;
  /** More than one face has been in the picture since the start. */
  private crowded = false;
  /** The last pick moved the glasses to another person's face (one of several seen). */
  changed = false;
  /** The last result sought one face and found one far from the worn one (see above). */
  unsure = false;

  /** The result narrowed to the held face (arrays of one), or to none while it is away. */
  pick(result: TrackResult, timeMs: number): TrackResult {
    const faces = (result.faceLandmarks ?? []).map((points) => measure(points));
    const seesAll = (result.soughtFaces ?? NUM_FACES) > 1;
    this.changed = false;
    this.unsure = false;
    if (faces.length > 1) {
      this.othersAtMs = timeMs;
      this.crowded = true;
    }
    const held = this.held;
    if (faces.length === 0) {
      this.missed++;
      return result;
    }
    let index = -1;
    if (held) {
      let best = Infinity;
      faces.forEach((face, i) => {
        const d = face ? Math.hypot(face.x - held.x, face.y - held.y) : Infinity;
        if (d < best && d < SAME_FACE_SPANS * Math.max(held.span, face?.span ?? 0)) {
          best = d;
          index = i;
        }
      });
    }
    if (index < 0) {
      this.missed++;
      const away = timeMs - this.heldAtMs;
      if (held && !seesAll && away < HANDOVER_MS) {
        this.unsure = this.crowded = true;
        this.othersAtMs = timeMs;
      }
      // Someone else was there when the held face was last seen: it may only be missed.
      const crowd = this.heldAtMs - this.othersAtMs < HANDOVER_MS;
      const gone = away >= HANDOVER_MS && this.missed >= HANDOVER_RESULTS;
      if (held && crowd && !gone) return only(result, -1);
      index = largest(faces);
      if (index < 0) return only(result, -1);
      // With only ever one face in the picture a far jump is a cut or a seek, not someone else.
      this.changed = held !== null && this.crowded;
    }
    this.held = faces[index]!;
    this.heldAtMs = timeMs;
    this.missed = 0;
    return only(result, index);
  }

  /**
   * The video jumped (a seek, a loop): where the face was is no guide to where it is. Alone in
   * the picture so far, the next face found takes the glasses at once.
   */
  jumped(): void {
    if (!this.crowded) this.held = null;
  }

  reset(): void {
    this.held = null;
    this.heldAtMs = -Infinity;
    this.missed = 0;
    this.othersAtMs = -Infinity;
    this.crowded = false;
  }
}

function largest(faces: readonly (Seen | null)[]): number {
  let index = -1;
  faces.forEach((face, i) => {
    if (face && (index < 0 || face.span > faces[index]!.span)) index = i;
  });
  return index;
}

/** The result with only face `index` (none for -1), as the rest of the pipeline reads index 0. */
function only(result: TrackResult, index: number): TrackResult {
  const keep = <T>(list: T[] | undefined): T[] => (list && index >= 0 ? [list[index]!] : []);
  return {
    faceLandmarks: keep(result.faceLandmarks),
    faceBlendshapes: keep(result.faceBlendshapes),
    facialTransformationMatrixes: keep(result.facialTransformationMatrixes),
  };
}
