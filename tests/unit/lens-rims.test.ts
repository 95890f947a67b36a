// Issue 39: the lens openings' rims the picture's edge band is drawn at (workers/render/
// lens-rims.ts), on known geometry: a coarse square lens, a circle, and one lens geometry drawn
// twice by mirrored nodes (as many exports do).
import { BufferGeometry, Float32BufferAttribute, Group, Matrix4, Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { lensRims, RIM_DIRECTIONS } from '../../workers/lens/lens-rims';

/** A polygon as a triangle fan from its first corner: boundary vertices only. */
function polygon(points: [number, number][]): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute(
    'position',
    new Float32BufferAttribute(
      points.flatMap(([x, y]) => [x, y, 0]),
      3,
    ),
  );
  const index: number[] = [];
  for (let i = 1; i + 1 < points.length; i++) index.push(0, i, i + 1);
  geometry.setIndex(index);
  return geometry;
}

const radiusAt = (radii: Float32Array, side: number, degrees: number) =>
  radii[side * RIM_DIRECTIONS + Math.round((degrees / 360) * RIM_DIRECTIONS)]!;

describe('the lens rims', () => {
  it('follows a square drawn with four corners, between them too', () => {
    const glasses = new Group();
    const square = new Mesh(
      polygon([
        [1, -1],
        [5, -1],
        [5, 3],
        [1, 3],
      ]),
    );
    glasses.add(square);
    const { centres, radii, extents } = lensRims(glasses, [square]);
    expect(centres[1]).toEqual([3, 1]);
    // The nearest and farthest rim: the sides' middles and the corners.
    expect(extents[2]).toBeCloseTo(2, 5);
    expect(extents[3]).toBeCloseTo(2 * Math.SQRT2, 5);
    expect(radiusAt(radii, 1, 0)).toBeCloseTo(2, 5);
    expect(radiusAt(radii, 1, 45)).toBeCloseTo(2 * Math.SQRT2, 5);
    expect(radiusAt(radii, 1, 90)).toBeCloseTo(2, 5);
    expect(radiusAt(radii, 1, 180 + 22.5)).toBeCloseTo(2 / Math.cos(Math.PI / 8), 5);
    // No lens on the other side.
    expect(radiusAt(radii, 0, 0)).toBe(0);
  });

  it('reads one geometry worn twice, mirrored, in the glasses object space with its matrix', () => {
    const circle = polygon(
      Array.from({ length: 64 }, (_, i): [number, number] => [
        1.5 * Math.cos((2 * Math.PI * i) / 64),
        1.5 * Math.sin((2 * Math.PI * i) / 64),
      ]),
    );
    const glasses = new Group();
    // The object's own placement (the fit's matrix) is part of its space: ×2, moved up by 1.
    glasses.matrixAutoUpdate = false;
    glasses.matrix.copy(new Matrix4().makeScale(2, 2, 2).setPosition(0, 1, 0));
    const parent = new Group();
    parent.position.set(10, 10, 10); // where the glasses are posed: not their own space
    parent.add(glasses);
    const right = new Mesh(circle);
    right.position.set(3, 0, 0);
    const left = new Mesh(circle);
    left.position.set(-3, 0, 0);
    left.scale.set(-1, 1, 1);
    glasses.add(right, left);
    const { centres, radii } = lensRims(glasses, [right, left]);
    expect(centres[0]![0]).toBeCloseTo(-6, 5);
    expect(centres[0]![1]).toBeCloseTo(1, 5);
    expect(centres[1]![0]).toBeCloseTo(6, 5);
    for (const side of [0, 1])
      for (let d = 0; d < 360; d += 30) {
        expect(radiusAt(radii, side, d)).toBeGreaterThan(3 * Math.cos(Math.PI / 64) - 1e-5);
        expect(radiusAt(radii, side, d)).toBeLessThanOrEqual(3 + 1e-5);
      }
  });
});
