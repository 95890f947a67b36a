import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FRAME_TO_FACE_WIDTH,
  idealFrameWidth,
  SIZE_TOLERANCE_MM,
  sizeFit,
  sortByFit,
} from '../../src/features/true-size/size-advice';

describe('size advice', () => {
  it('suits a front within the tolerance of 90 % of the face width, at its edges too', () => {
    const face = 154.8; // the canonical face: a 139.3 mm front is ideal
    const ideal = idealFrameWidth(face);
    expect(ideal).toBeCloseTo(face * FRAME_TO_FACE_WIDTH, 9);
    expect(ideal).toBeCloseTo(139.32, 2);
    expect(sizeFit(ideal, face)).toBe('fits');
    expect(sizeFit(ideal + SIZE_TOLERANCE_MM, face)).toBe('fits');
    expect(sizeFit(ideal - SIZE_TOLERANCE_MM, face)).toBe('fits');
    expect(sizeFit(ideal + SIZE_TOLERANCE_MM + 0.01, face)).toBe('wide');
    expect(sizeFit(ideal - SIZE_TOLERANCE_MM - 0.01, face)).toBe('narrow');
    // A child's 114 mm front on an adult face; a 145 mm one on a narrow face.
    expect(sizeFit(114, 155)).toBe('narrow');
    expect(sizeFit(145, 140)).toBe('wide');
  });

  it('sorts the best fitting first, keeps unknown widths last in their order, drops nothing', () => {
    const items = [
      { id: 'a', w: 130 },
      { id: 'b' },
      { id: 'c', w: 145 },
      { id: 'd', w: 140 },
      { id: 'e' },
      { id: 'f', w: 114 },
    ];
    const sorted = sortByFit(items, (i) => i.w, 155).map((i) => i.id);
    expect(sorted).toEqual(['d', 'c', 'a', 'f', 'b', 'e']);
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.double({ min: 60, max: 300, noNaN: true }), { nil: undefined })),
        fc.double({ min: 80, max: 220, noNaN: true }),
        (widths, face) => {
          const sorted = sortByFit(widths, (w) => w, face);
          expect([...sorted].sort()).toEqual([...widths].sort());
          const distances = sorted.map((w) =>
            w === undefined ? Infinity : Math.abs(w - idealFrameWidth(face)),
          );
          for (let i = 1; i < distances.length; i++)
            expect(distances[i]!).toBeGreaterThanOrEqual(distances[i - 1]!);
        },
      ),
    );
  });
});
