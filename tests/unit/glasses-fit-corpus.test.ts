// Every way a shop's export can come (units, axes, node trees, mirroring, merged meshes, clutter,
// compression, textures) must land like the original: bridge within 1.5 mm, width within 2 %,
// orientation within 2°, temples pointing back. Geometry is read by three's GLTFLoader after
// decodeForNode (no decoder workers in Node); the decoders themselves run in the e2e tests.
import { readFileSync } from 'node:fs';
import { Matrix3, Matrix4, Vector3 } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { afterAll, describe, expect, it } from 'vitest';
import { fitMeshes } from '../../workers/fit/fit-geometry';
import { computeFit, type FitResult } from '../../workers/fit/glasses-fit';
import { decodeForNode, makeVariants } from '../corpus/glasses-variants.mjs';

const FRAMES = ['001', '002', '003', '004', '005', '006', '007', '008'];

async function fitOf(glb: Uint8Array): Promise<FitResult> {
  const plain = await decodeForNode(glb);
  const buffer = plain.buffer.slice(plain.byteOffset, plain.byteOffset + plain.byteLength);
  const gltf = await new GLTFLoader().parseAsync(buffer as ArrayBuffer, '');
  return computeFit(fitMeshes(gltf.scene).meshes);
}

/** Rotation part of a similarity transform, scale removed. */
function rotationOf(m: Matrix4): Matrix3 {
  const r = new Matrix3().setFromMatrix4(m);
  const s = Math.cbrt(Math.abs(r.determinant()));
  return r.multiplyScalar(1 / s);
}

function angleDeg(a: Matrix3, b: Matrix3): number {
  const rel = a.clone().transpose().multiply(b).elements;
  const trace = rel[0]! + rel[4]! + rel[8]!;
  return (Math.acos(Math.min(1, Math.max(-1, (trace - 1) / 2))) * 180) / Math.PI;
}

const rows: string[] = [];
afterAll(() => {
  console.log(['variant | bridge mm | width % | angle °', ...rows].join('\n'));
});

describe.each(FRAMES)('frame %s in every export', async (serial) => {
  const original = new Uint8Array(readFileSync(`public/models/${serial}.glb`));
  const reference = await fitOf(original);
  const variants = await makeVariants(original);
  // The original's own markers (metres): the bridge at the origin, a point 10 cm behind it.
  const bridge = new Vector3(0, 0, 0);
  const behind = new Vector3(0, 0, -0.1);
  const at = (fit: FitResult, transform: Matrix4, p: Vector3) =>
    p.clone().applyMatrix4(transform).applyMatrix4(fit.matrix);

  it('the reference itself sits upright, facing forward', () => {
    expect(reference.up).toBe('+y');
    expect(reference.front).toBe('+z');
    expect(reference.temples).toBe('back');
  });

  it.each(variants.map((v) => [v.name, v] as const))('%s', async (name, variant) => {
    const fit = await fitOf(variant.glb);
    const transform = new Matrix4().fromArray(variant.transform);
    const bridgeMm =
      at(fit, transform, bridge).distanceTo(at(reference, new Matrix4(), bridge)) * 10;
    const widthPct = (Math.abs(fit.widthM - reference.widthM) / reference.widthM) * 100;
    let turned = new Matrix4().multiplyMatrices(fit.matrix, transform);
    // A mirrored export is the same symmetric frame seen in a mirror: undo the mirror first.
    if (turned.determinant() < 0) turned = turned.multiply(new Matrix4().makeScale(-1, 1, 1));
    const angle = angleDeg(rotationOf(reference.matrix), rotationOf(turned));
    rows.push(
      `${serial} ${name} | ${bridgeMm.toFixed(2)} | ${widthPct.toFixed(2)} | ${angle.toFixed(2)}`,
    );
    expect(bridgeMm, 'bridge error, mm').toBeLessThanOrEqual(1.5);
    expect(widthPct, 'width error, %').toBeLessThanOrEqual(2);
    expect(angle, 'orientation error, degrees').toBeLessThanOrEqual(2);
    expect(fit.temples).toBe('back');
    // Our own frames, however exported, are real frames: nothing to warn about.
    const warned = fit.reasons.filter((r) => r.level !== 'info').map((r) => r.code);
    expect(fit.verdict, warned.join(', ')).toBe('ok');
    expect(at(fit, transform, behind).z).toBeLessThan(at(fit, transform, bridge).z - 5);
    expect(fit.ignored.filter((n) => n !== '(unnamed)').sort()).toEqual(
      [...variant.clutter].sort(),
    );
  });
});
