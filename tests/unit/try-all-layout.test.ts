// 全部试戴's geometry (issue 38): the crop about the eyes every picture shares, and the collage
// of the compared ones. Pure functions: fast-check walks the inputs a picture can give.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPTION_HEIGHT, collageLayout } from '../../src/features/try-all/collage';
import {
  TRY_ALL_EYE_LINE,
  TRY_ALL_EYE_SPANS,
  TRY_ALL_HEIGHT,
  TRY_ALL_WIDTH,
} from '../../src/shared/render-constants';
import { cropAroundEyes, eyesInCrop } from '../../workers/render/crop-render';

describe('the crop about the eyes', () => {
  it('is the pictures’ shape, TRY_ALL_EYE_SPANS spans wide, the eyes centred at the eye line', () => {
    // A 1280×960 picture, eyes 100 px apart at its middle.
    const eyes = [0.5 - 50 / 1280, 0.5, 0.5 + 50 / 1280, 0.5];
    const crop = cropAroundEyes(eyes, 1280, 960);
    expect(crop.width * 1280).toBeCloseTo(100 * TRY_ALL_EYE_SPANS, 6);
    expect((crop.width * 1280) / (crop.height * 960)).toBeCloseTo(
      TRY_ALL_WIDTH / TRY_ALL_HEIGHT,
      6,
    );
    const [x0, y0, x1, y1] = eyesInCrop(eyes, crop) as [number, number, number, number];
    expect((x0 + x1) / 2).toBeCloseTo(TRY_ALL_WIDTH / 2, 6);
    expect(y0).toBeCloseTo(TRY_ALL_HEIGHT * TRY_ALL_EYE_LINE, 6);
    expect(y1).toBeCloseTo(y0, 6);
    // Eye span in the output: TRY_ALL_WIDTH / TRY_ALL_EYE_SPANS.
    expect(x1 - x0).toBeCloseTo(TRY_ALL_WIDTH / TRY_ALL_EYE_SPANS, 6);
  });

  it('stays inside the picture and keeps both eyes in view, wherever the face is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 64, max: 4000 }),
        fc.integer({ min: 64, max: 4000 }),
        fc.double({ min: 0.02, max: 0.98, noNaN: true }),
        fc.double({ min: 0.02, max: 0.98, noNaN: true }),
        fc.double({ min: 0.01, max: 0.4, noNaN: true }),
        (width, height, cx, cy, half) => {
          const eyes = [cx - half, cy, cx + half, cy].map((v) => Math.min(1, Math.max(0, v)));
          const crop = cropAroundEyes(eyes, width, height);
          const eps = 1e-9;
          expect(crop.x).toBeGreaterThanOrEqual(-eps);
          expect(crop.y).toBeGreaterThanOrEqual(-eps);
          expect(crop.x + crop.width).toBeLessThanOrEqual(1 + eps);
          expect(crop.y + crop.height).toBeLessThanOrEqual(1 + eps);
          const ratio = (crop.width * width) / (crop.height * height);
          expect(ratio).toBeCloseTo(TRY_ALL_WIDTH / TRY_ALL_HEIGHT, 6);
          // Both eyes in the picture when the crop is wide enough to hold them.
          const span = (eyes[2]! - eyes[0]!) * width;
          if (
            span * TRY_ALL_EYE_SPANS <=
            Math.min(width, (height * TRY_ALL_WIDTH) / TRY_ALL_HEIGHT)
          ) {
            for (const x of [eyes[0]!, eyes[2]!]) {
              expect(x).toBeGreaterThanOrEqual(crop.x - eps);
              expect(x).toBeLessThanOrEqual(crop.x + crop.width + eps);
            }
          }
        },
      ),
    );
  });
});

describe('the collage', () => {
  const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.abs(a.x - b.x) < TRY_ALL_WIDTH && Math.abs(a.y - b.y) < TRY_ALL_HEIGHT + CAPTION_HEIGHT;

  it.each([
    [2, 1000, 448],
    [3, 1000, 872],
    [4, 1000, 872],
  ])('lays %i pictures out at %i×%i, in reading order, none over another', (count, w, h) => {
    const layout = collageLayout(count);
    expect({ width: layout.width, height: layout.height }).toEqual({ width: w, height: h });
    expect(layout.tiles).toHaveLength(count);
    for (const [i, tile] of layout.tiles.entries()) {
      expect(tile.x).toBeGreaterThan(0);
      expect(tile.x + TRY_ALL_WIDTH).toBeLessThan(layout.width);
      expect(tile.captionY).toBeGreaterThan(tile.y + TRY_ALL_HEIGHT);
      expect(tile.captionY).toBeLessThan(layout.height);
      for (const other of layout.tiles.slice(i + 1)) {
        expect(overlaps(tile, other)).toBe(false);
        // Reading order: the next is to the right on the same row, or on a row below.
        expect(other.y > tile.y || (other.y === tile.y && other.x > tile.x)).toBe(true);
      }
    }
  });
});
