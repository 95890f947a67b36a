import { readFileSync } from 'node:fs';
import { Vector3 } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { checkFitOverride } from '../../src/catalogue/fit-override';
import { validateManifest } from '../../src/catalogue/manifest';
import { fitMeshes } from '../../workers/fit/fit-geometry';
import { computeFit } from '../../workers/fit/glasses-fit';
import { makeVariants } from '../corpus/glasses-variants.mjs';

describe('the manifest fit override', () => {
  it('accepts every field within bounds', () => {
    expect(
      checkFitOverride({
        unit: 'mm',
        up: '+z',
        front: '-y',
        bridgeOffsetMm: [0, -2, 1.5],
        pantoscopicDeg: 8,
      }),
    ).toEqual({
      unit: 'mm',
      up: '+z',
      front: '-y',
      bridgeOffsetMm: [0, -2, 1.5],
      pantoscopicDeg: 8,
    });
    expect(checkFitOverride({})).toEqual({});
  });

  it.each([
    [null, 'not an object'],
    [[1], 'not an object'],
    [{ unit: 'inch' }, 'unit'],
    [{ up: 'y' }, 'up'],
    [{ up: '+y', front: '-y' }, 'up and front on one axis'],
    [{ bridgeOffsetMm: [0, 0] }, 'bridgeOffsetMm'],
    [{ bridgeOffsetMm: [0, 0, 31] }, 'bridgeOffsetMm out of range'],
    [{ bridgeOffsetMm: [0, Number.NaN, 0] }, 'bridgeOffsetMm'],
    [{ pantoscopicDeg: 45 }, 'pantoscopicDeg'],
    [{ scale: 12 }, 'unknown field scale'],
  ])('refuses %j (%s)', (raw, reason) => {
    expect(checkFitOverride(raw)).toBe(reason);
  });

  it('skips a manifest entry whose override is bad, keeps a good one', () => {
    const base = { serialNo: '1', text: 'a' };
    const { entries, rejected } = validateManifest([
      { ...base, value: 'models/a.glb', fit: { unit: 'mm' } },
      { ...base, value: 'models/b.glb', fit: { up: 'sideways' } },
    ]);
    expect(entries.map((e) => e.fit)).toEqual([{ unit: 'mm' }]);
    expect(rejected).toEqual([{ index: 1, reason: 'fit: up' }]);
  });
});

describe('computeFit with an override', async () => {
  const original = new Uint8Array(readFileSync('public/models/002.glb'));
  const variant = (await makeVariants(original)).find((v) => v.name === 'z-up-mm')!;
  const buffer = variant.glb.buffer.slice(
    variant.glb.byteOffset,
    variant.glb.byteOffset + variant.glb.byteLength,
  );
  const gltf = await new GLTFLoader().parseAsync(buffer as ArrayBuffer, '');
  const meshes = fitMeshes(gltf.scene).meshes;
  const auto = computeFit(meshes);

  it('the named axes and unit replace the detected ones (and agree with them here)', () => {
    const fit = computeFit(meshes, {}, { unit: 'mm', up: auto.up, front: auto.front });
    expect(fit.overridden.sort()).toEqual(['front', 'unit', 'up']);
    expect(fit.matrix.equals(auto.matrix)).toBe(true);
    const wrongUnit = computeFit(meshes, {}, { unit: 'cm' });
    expect(wrongUnit.widthM / auto.widthM).toBeCloseTo(10, 6);
  });

  it('moves the bridge by the offset in millimetres and tilts by the pantoscopic angle', () => {
    const moved = computeFit(meshes, {}, { bridgeOffsetMm: [1, -2, 3] });
    expect(moved.bridge[0] - auto.bridge[0]).toBeCloseTo(0.1, 6);
    expect(moved.bridge[1] - auto.bridge[1]).toBeCloseTo(-0.2, 6);
    expect(moved.bridge[2] - auto.bridge[2]).toBeCloseTo(0.3, 6);
    const tilted = computeFit(meshes, {}, { pantoscopicDeg: 10 });
    const down = (m: typeof auto) => new Vector3(0, -1, 0).transformDirection(m.matrix.clone());
    // A file direction across the width axis turns by exactly the tilt, toward the face (−Z).
    const a = down(auto);
    const b = down(tilted);
    expect((Math.acos(a.dot(b)) * 180) / Math.PI).toBeCloseTo(10, 3);
    expect(b.z).toBeLessThan(a.z);
  });
});
