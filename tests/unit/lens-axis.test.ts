// Issue 48: a cylinder's axis in the drawing the lens layer scales the eyes in. TABO reads the
// axis from the front, counter-clockwise from the observer's right; the camera sees the wearer
// from the front, so the unmirrored picture shows it so (x right, y up), turned with the head;
// the mirrored picture (the front camera) is that picture flipped left to right, axis included.
import { describe, expect, it } from 'vitest';
import { axisInPicture } from '../../workers/lens/lens-axis';

/** Whether two directions lie on one line (an axis has no sign). */
const sameLine = (a: readonly number[], b: readonly number[]) =>
  Math.abs(a[0]! * b[1]! - a[1]! * b[0]!) < 1e-9;
const deg = (d: number) => [Math.cos((d * Math.PI) / 180), Math.sin((d * Math.PI) / 180)];
const WIDTH = 640;

/** Eyes 200 px apart about (320, 240), their line turned `roll` degrees counter-clockwise. */
const eyesAt = (roll: number): [number, number, number, number] => {
  const [c, s] = deg(roll) as [number, number];
  return [320 - 100 * c, 240 - 100 * s, 320 + 100 * c, 240 + 100 * s];
};

describe('the axis in the picture', () => {
  it('unmirrored, eyes level: the TABO angle itself, whichever eye comes first', () => {
    expect(sameLine(axisInPicture(30, eyesAt(0), false), deg(30))).toBe(true);
    const [x0, y0, x1, y1] = eyesAt(0);
    expect(sameLine(axisInPicture(30, [x1, y1, x0, y0], false), deg(30))).toBe(true);
    expect(sameLine(axisInPicture(90, eyesAt(0), false), deg(90))).toBe(true);
  });

  it('turns with the head: rolled 10° counter-clockwise, axis 30 is drawn at 40°', () => {
    expect(sameLine(axisInPicture(30, eyesAt(10), false), deg(40))).toBe(true);
  });

  it('mirrored: the mirror image of the unmirrored axis (axis 30, level: drawn at 150°)', () => {
    expect(sameLine(axisInPicture(30, eyesAt(0), true), deg(150))).toBe(true);
    for (const axis of [10, 45, 90, 135, 170]) {
      for (const roll of [-15, 0, 12]) {
        const seen = eyesAt(roll);
        const [x, y] = axisInPicture(axis, seen, false);
        // The same face in the mirrored picture: x → WIDTH − x, the axis (x, y) → (−x, y).
        const [x0, y0, x1, y1] = seen;
        const mirrored = axisInPicture(axis, [WIDTH - x0, y0, WIDTH - x1, y1], true);
        expect(sameLine(mirrored, [-x, y]), `axis ${axis}, roll ${roll}`).toBe(true);
      }
    }
  });
});
