import { describe, expect, it } from 'vitest';
import { NUM_FACES } from '../../src/shared/render-constants';
import {
  FaceCount,
  SINGLE_FACE_AFTER_MS,
  SINGLE_FACE_AFTER_RESULTS,
} from '../../workers/tracking/face-count';

/** Feeds `count` results of `found` faces, `stepMs` apart from `fromMs`; returns the last answer. */
function feed(faces: FaceCount, found: number, fromMs: number, stepMs: number, count: number) {
  let wanted = faces.faces;
  for (let i = 0; i < count; i++) wanted = faces.observe(found, false, fromMs + i * stepMs);
  return wanted;
}

describe('FaceCount', () => {
  it('seeks every face at first, and one face once a face has been alone long enough', () => {
    const count = new FaceCount();
    expect(count.faces).toBe(NUM_FACES);
    // 10 results a second: the time decides.
    const step = 100;
    const before = SINGLE_FACE_AFTER_MS / step;
    expect(feed(count, 1, 1_000, step, before)).toBe(NUM_FACES);
    expect(count.observe(1, false, 1_000 + SINGLE_FACE_AFTER_MS)).toBe(1);
    expect(count.observe(1, false, 60_000)).toBe(1);
  });

  it('seeks every face for as many results on a slow machine as on a fast one', () => {
    const count = new FaceCount();
    // 2 results a second: 10 s hold 20 results; the count decides.
    const step = 500;
    expect(feed(count, 1, 0, step, SINGLE_FACE_AFTER_RESULTS)).toBe(NUM_FACES);
    expect(count.observe(1, false, SINGLE_FACE_AFTER_RESULTS * step)).toBe(1);
  });

  it('keeps seeking every face while two are seen, and for a while after', () => {
    const count = new FaceCount();
    for (let t = 0; t <= 60_000; t += 100) expect(count.observe(2, false, t)).toBe(NUM_FACES);
    expect(feed(count, 1, 60_100, 100, SINGLE_FACE_AFTER_MS / 100 - 1)).toBe(NUM_FACES);
    expect(count.observe(0, false, 60_000 + SINGLE_FACE_AFTER_MS)).toBe(1);
  });

  it('seeks every face again at once when the face lock is unsure, and after a reset', () => {
    const count = new FaceCount();
    const step = 100;
    const alone = SINGLE_FACE_AFTER_MS / step;
    expect(feed(count, 1, 0, step, alone + 1)).toBe(1);
    const unsureAt = SINGLE_FACE_AFTER_MS + 100;
    expect(count.observe(1, true, unsureAt)).toBe(NUM_FACES);
    expect(feed(count, 1, unsureAt + step, step, alone - 1)).toBe(NUM_FACES);
    expect(count.observe(1, false, unsureAt + SINGLE_FACE_AFTER_MS)).toBe(1);
    count.reset();
    expect(count.faces).toBe(NUM_FACES);
    expect(feed(count, 1, 3 * SINGLE_FACE_AFTER_MS, step, alone)).toBe(NUM_FACES);
  });
});
