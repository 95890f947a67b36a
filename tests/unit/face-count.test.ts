import { describe, expect, it } from 'vitest';
import { NUM_FACES } from '../../src/shared/render-constants';
import { FaceCount, SINGLE_FACE_AFTER_MS } from '../../workers/tracking/face-count';

describe('FaceCount', () => {
  it('seeks every face at first, and one face once a face has been alone long enough', () => {
    const count = new FaceCount();
    expect(count.faces).toBe(NUM_FACES);
    expect(count.observe(1, false, 1_000)).toBe(NUM_FACES);
    expect(count.observe(1, false, 1_000 + SINGLE_FACE_AFTER_MS - 1)).toBe(NUM_FACES);
    expect(count.observe(1, false, 1_000 + SINGLE_FACE_AFTER_MS)).toBe(1);
    expect(count.observe(1, false, 60_000)).toBe(1);
  });

  it('keeps seeking every face while two are seen, and for a while after', () => {
    const count = new FaceCount();
    for (let t = 0; t <= 60_000; t += 500) expect(count.observe(2, false, t)).toBe(NUM_FACES);
    expect(count.observe(1, false, 60_000 + SINGLE_FACE_AFTER_MS - 1)).toBe(NUM_FACES);
    expect(count.observe(0, false, 60_000 + SINGLE_FACE_AFTER_MS)).toBe(1);
  });

  it('seeks every face again at once when the face lock is unsure, and after a reset', () => {
    const count = new FaceCount();
    count.observe(1, false, 0);
    expect(count.observe(1, false, SINGLE_FACE_AFTER_MS)).toBe(1);
    expect(count.observe(1, true, SINGLE_FACE_AFTER_MS + 100)).toBe(NUM_FACES);
    expect(count.observe(1, false, 2 * SINGLE_FACE_AFTER_MS)).toBe(NUM_FACES);
    expect(count.observe(1, false, 2 * SINGLE_FACE_AFTER_MS + 100)).toBe(1);
    count.reset();
    expect(count.faces).toBe(NUM_FACES);
    expect(count.observe(1, false, 3 * SINGLE_FACE_AFTER_MS)).toBe(NUM_FACES);
  });
});
