import { describe, expect, it } from 'vitest';
import { FaceLock, HANDOVER_MS, HANDOVER_RESULTS } from '../../workers/tracking/face-lock';
import type { TrackResult } from '../../workers/common/track-result';

/** A face centred at (x, y) with eye span `span`, tagged by its matrix's first value. */
function face(x: number, y: number, span: number, tag: number) {
  const points = Array.from({ length: 478 }, () => ({ x, y, z: 0, visibility: 0 }));
  for (const [i, dx] of [
    [33, -0.6],
    [133, -0.4],
    [263, 0.6],
    [362, 0.4],
  ] as const) {
    points[i] = { x: x + dx * span, y, z: 0, visibility: 0 };
  }
  return { points, tag };
}

type Face = ReturnType<typeof face>;
const result = (...faces: Face[]): TrackResult => ({
  faceLandmarks: faces.map((f) => f.points),
  faceBlendshapes: faces.map((f) => ({ categories: [], headIndex: f.tag, headName: '' })),
  facialTransformationMatrixes: faces.map((f) => ({ rows: 4, columns: 4, data: [f.tag] })),
});
const worn = (r: TrackResult) => r.facialTransformationMatrixes?.[0]?.data[0] ?? null;

describe('FaceLock', () => {
  it('starts on the largest face, and stays on it as it moves, whatever the order', () => {
    const lock = new FaceLock();
    expect(worn(lock.pick(result(face(0.2, 0.5, 0.08, 1), face(0.7, 0.5, 0.12, 2)), 0))).toBe(2);
    let t = 0;
    for (let x = 0.7; x > 0.45; x -= 0.03) {
      t += 100;
      // The other face grows nearer the camera and comes first in the list: no matter.
      const r = result(face(0.15, 0.5, 0.2, 1), face(x, 0.52, 0.1, 2));
      expect(worn(lock.pick(r, t))).toBe(2);
    }
  });

  it('keeps the glasses off the other person while its face is briefly lost', () => {
    const lock = new FaceLock();
    const a = face(0.7, 0.5, 0.1, 1);
    const b = face(0.2, 0.5, 0.1, 2);
    expect(worn(lock.pick(result(a, b), 0))).toBe(1);
    expect(worn(lock.pick(result(b), 200))).toBeNull();
    expect(worn(lock.pick(result(b), HANDOVER_MS - 1))).toBeNull();
    expect(worn(lock.pick(result(b, face(0.68, 0.5, 0.1, 1)), HANDOVER_MS + 100))).toBe(1);
  });

  it('hands over only once the face is gone for good', () => {
    const lock = new FaceLock();
    const a = face(0.7, 0.5, 0.1, 1);
    const b = face(0.2, 0.5, 0.1, 2);
    lock.pick(result(a, b), 0);
    expect(lock.changed).toBe(false);
    for (let i = 1; i < HANDOVER_RESULTS; i++) {
      expect(worn(lock.pick(result(b), (i * HANDOVER_MS) / HANDOVER_RESULTS))).toBeNull();
    }
    expect(worn(lock.pick(result(b), HANDOVER_MS))).toBe(2);
    // Said once, so the face's measurement starts over for its new wearer.
    expect(lock.changed).toBe(true);
    // Now the glasses are on the other face, and stay there when the first comes back.
    expect(worn(lock.pick(result(a, b), HANDOVER_MS + 100))).toBe(2);
    expect(lock.changed).toBe(false);
  });

  it('on slow tracking, waits out a few misses of the worn face however long they take', () => {
    const lock = new FaceLock();
    const a = face(0.7, 0.5, 0.06, 1);
    const b = face(0.2, 0.5, 0.1, 2);
    // The larger face came second into the picture: the glasses are on the smaller one.
    expect(worn(lock.pick(result(a), 0))).toBe(1);
    expect(worn(lock.pick(result(a, b), 100))).toBe(1);
    // Two results a second; the tracker misses the smaller face in three in a row.
    for (const t of [500, 1000, 1500, 2000]) expect(worn(lock.pick(result(b), t))).toBeNull();
    expect(worn(lock.pick(result(b, face(0.69, 0.5, 0.06, 1)), 2500))).toBe(1);
    // Gone for good: six results in a row (3 s at this rate), and the other face takes them.
    for (let i = 1; i < HANDOVER_RESULTS; i++) {
      expect(worn(lock.pick(result(b), 2500 + 500 * i))).toBeNull();
    }
    expect(worn(lock.pick(result(b), 2500 + 500 * HANDOVER_RESULTS))).toBe(2);
    expect(lock.changed).toBe(true);
  });

  it('follows a lone face anywhere at once (a cut or a seek)', () => {
    const lock = new FaceLock();
    expect(worn(lock.pick(result(face(0.2, 0.5, 0.1, 1)), 0))).toBe(1);
    expect(worn(lock.pick(result(face(0.8, 0.3, 0.1, 3)), 40))).toBe(3);
    // One face all along: the same person, its measurement kept.
    expect(lock.changed).toBe(false);
  });

  it('seeking one face, waits on a far face found soon after the worn one, as on a crowd', () => {
    const lock = new FaceLock();
    const one = (...faces: Face[]): TrackResult => ({ ...result(...faces), soughtFaces: 1 });
    const a = face(0.7, 0.5, 0.1, 1);
    const b = face(0.2, 0.5, 0.1, 2);
    expect(worn(lock.pick(one(a), 0))).toBe(1);
    expect(lock.unsure).toBe(false);
    // The tracker lost the worn face and found another: someone else, maybe.
    expect(worn(lock.pick(one(b), 300))).toBeNull();
    expect(lock.unsure).toBe(true);
    // Seeking every face again: the worn one is back, and keeps the glasses.
    expect(worn(lock.pick(result(b, face(0.69, 0.5, 0.1, 1)), 500))).toBe(1);
    expect(lock.unsure).toBe(false);
    // Or it is gone: the other face takes them only once it has been gone for good.
    for (let i = 1; i < HANDOVER_RESULTS; i++) {
      expect(worn(lock.pick(result(b), 500 + (i * HANDOVER_MS) / HANDOVER_RESULTS))).toBeNull();
    }
    expect(worn(lock.pick(result(b), 500 + HANDOVER_MS))).toBe(2);
  });

  it('seeking one face, follows it at once after a jump of the video, or when long gone', () => {
    const lock = new FaceLock();
    const one = (...faces: Face[]): TrackResult => ({ ...result(...faces), soughtFaces: 1 });
    expect(worn(lock.pick(one(face(0.2, 0.5, 0.1, 1)), 0))).toBe(1);
    lock.jumped();
    expect(worn(lock.pick(one(face(0.8, 0.3, 0.1, 3)), 40))).toBe(3);
    expect(lock.unsure).toBe(false);
    expect(worn(lock.pick(one(face(0.2, 0.3, 0.1, 4)), 40 + HANDOVER_MS))).toBe(4);
    expect(lock.unsure).toBe(false);
  });

  it('starts afresh after reset', () => {
    const lock = new FaceLock();
    lock.pick(result(face(0.7, 0.5, 0.1, 1), face(0.2, 0.5, 0.2, 2)), 0);
    lock.reset();
    expect(worn(lock.pick(result(face(0.7, 0.5, 0.1, 1), face(0.2, 0.5, 0.2, 2)), 10))).toBe(2);
  });
});
