import { Matrix4, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { FRONT_ANCHOR } from '../../workers/common/canonical-face';
import { computeFit, type FitMesh } from '../../workers/fit/glasses-fit';

/** A plain pair of glasses in metres, glTF convention: Y up, front toward +Z, temples to -Z. */
function glassesPoints(): { name: string; points: Vector3[] }[] {
  const rims: Vector3[] = [];
  for (const side of [-1, 1]) {
    for (let i = 0; i < 64; i++) {
      const a = (i / 64) * Math.PI * 2;
      rims.push(new Vector3(side * 0.034 + 0.025 * Math.cos(a), 0.02 * Math.sin(a), 0));
    }
  }
  const temple = (side: number) => {
    const pts: Vector3[] = [];
    for (let i = 0; i <= 20; i++) {
      const z = -0.14 * (i / 20);
      const drop = i > 15 ? -0.025 * ((i - 15) / 5) : 0;
      pts.push(new Vector3(side * 0.068, 0.008 + drop, z));
    }
    return pts;
  };
  return [
    { name: 'frame', points: rims },
    { name: 'temple_left', points: temple(1) },
    { name: 'temple_right', points: temple(-1) },
  ];
}

function toMeshes(transform: Matrix4, named: boolean): FitMesh[] {
  return glassesPoints().map(({ name, points }) => ({
    name: named ? name : `mesh_${name.length}`,
    positions: points.flatMap((p) => p.clone().applyMatrix4(transform).toArray()),
    triangles: points.length,
  }));
}

const variants: [string, Matrix4][] = [
  ['metres, Y-up', new Matrix4()],
  ['millimetres, Y-up', new Matrix4().makeScale(1000, 1000, 1000)],
  [
    'centimetres, Z-up',
    new Matrix4().makeRotationX(Math.PI / 2).premultiply(new Matrix4().makeScale(100, 100, 100)),
  ],
  ['metres, facing -X', new Matrix4().makeRotationY(-Math.PI / 2)],
  [
    'mm, Z-up, offset origin',
    new Matrix4()
      .makeRotationX(Math.PI / 2)
      .premultiply(new Matrix4().makeScale(1000, 1000, 1000))
      .premultiply(new Matrix4().makeTranslation(30, -400, 12)),
  ],
];

describe('computeFit', () => {
  for (const named of [true, false]) {
    it.each(variants)(`lands the same way: %s (named meshes: ${named})`, (_label, transform) => {
      const fit = computeFit(toMeshes(transform, named));
      expect(fit.widthM).toBeCloseTo(0.136, 2);
      // Where known model points end up in canonical face space (cm).
      const place = (p: Vector3) => p.clone().applyMatrix4(transform).applyMatrix4(fit.matrix);
      const bridge = place(new Vector3(0, 0, 0));
      expect(bridge.x).toBeCloseTo(FRONT_ANCHOR.x, 1);
      expect(bridge.y).toBeCloseTo(FRONT_ANCHOR.y, 1);
      expect(bridge.z).toBeCloseTo(FRONT_ANCHOR.z, 1);
      const hinge = place(new Vector3(0.068, 0.008, 0));
      expect(Math.abs(hinge.x)).toBeCloseTo(6.8, 1);
      expect(hinge.y).toBeGreaterThan(FRONT_ANCHOR.y);
      const templeTip = place(new Vector3(0.068, -0.017, -0.14));
      expect(templeTip.z).toBeLessThan(FRONT_ANCHOR.z - 13);
      expect(templeTip.y).toBeLessThan(hinge.y);
    });
  }

  it('applies the adjustment offsets on top', () => {
    const base = computeFit(toMeshes(new Matrix4(), true));
    const moved = computeFit(toMeshes(new Matrix4(), true), {
      leftRight: 1,
      upDown: -0.5,
      frontBehind: 0.3,
    });
    const a = new Vector3().applyMatrix4(base.matrix);
    const b = new Vector3().applyMatrix4(moved.matrix);
    expect(b.x - a.x).toBeCloseTo(1, 5);
    expect(b.y - a.y).toBeCloseTo(-0.5, 5);
    expect(b.z - a.z).toBeCloseTo(0.3, 5);
  });

  it('never wears a 29 cm front as fine: no unit gives a real width, so it is scaled and said', () => {
    const fit = computeFit(toMeshes(new Matrix4().makeScale(2.1, 2.1, 2.1), true));
    expect(fit.unit).toBe('unknown');
    expect(fit.widthM).toBeCloseTo(0.14, 3);
    expect(fit.verdict).toBe('warn');
    expect(fit.reasons.map((r) => r.code)).toContain('unit-unknown');
    // Told it is centimetres, the operator gets the width refused, not worn.
    const told = computeFit(
      toMeshes(new Matrix4().makeScale(210, 210, 210), true),
      {},
      {
        unit: 'cm',
      },
    );
    expect(told.verdict).toBe('refused');
    expect(told.reasons.map((r) => r.code)).toContain('front-wide');
  });

  it('scales a model without a unit to its declared frame size, and names a mismatch', () => {
    const meshes = toMeshes(new Matrix4().makeScale(2.1, 2.1, 2.1), true);
    const guessed = computeFit(meshes);
    const declared = { lensMm: 2 * guessed.frameSize.lensMm, bridgeMm: 18, templeMm: null };
    const scaled = computeFit(meshes, {}, {}, { frameSize: declared });
    expect(scaled.frameSize.lensMm).toBeCloseTo(declared.lensMm, 5);
    expect(scaled.widthM).toBeCloseTo(2 * guessed.widthM, 5);
    expect(scaled.reasons.map((r) => r.code)).toContain('unit-from-frame-size');
    // In metres the unit is known: the declared size is only checked, 2 mm at most apart.
    const inMetres = computeFit(
      toMeshes(new Matrix4(), true),
      {},
      {},
      {
        frameSize: { lensMm: 40, bridgeMm: 18, templeMm: 140 },
      },
    );
    const mismatch = inMetres.reasons.find((r) => r.code === 'size-mismatch');
    expect(mismatch?.values?.declared).toBe('40□18-140');
    expect(inMetres.verdict).toBe('warn');
  });

  it('refuses an empty model', () => {
    expect(() => computeFit([])).toThrow();
  });
});
