// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Box3, Matrix4, Mesh, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { afterAll, describe, expect, it } from 'vitest';
import { packGlb, PackError } from '../../scripts/lib/glasses-pack.mjs';
import { createNodeIO } from '../../scripts/lib/gltf-node-io.mjs';
import { decodeForNode, makeBadFiles, makeVariants } from '../corpus/glasses-variants.mjs';

const original = new Uint8Array(readFileSync('public/models/002.glb'));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** World box and triangle count as three sees the file (after removing what Node cannot decode). */
async function measure(glb: Uint8Array) {
  const plain = await decodeForNode(glb);
  const gltf = await new GLTFLoader().parseAsync(plain.slice().buffer, '');
  let triangles = 0;
  gltf.scene.traverse((o: Object3D) => {
    if (o instanceof Mesh) triangles += (o.geometry.getIndex()?.count ?? 0) / 3;
  });
  return { box: new Box3().setFromObject(gltf.scene, true), triangles };
}

/** Same world box within 0.05 mm; `unit` is how many of the file's units make a metre. */
function expectSameFit(a: Box3, b: Box3, label: string, unit = 1) {
  expect(a.min.distanceTo(b.min), label).toBeLessThan(5e-5 * unit);
  expect(a.max.distanceTo(b.max), label).toBeLessThan(5e-5 * unit);
}

describe('glasses:pack', () => {
  it.each(['draco', 'meshopt'] as const)(
    'packs 002 with %s: smaller, valid, same fit',
    async (compress) => {
      const before = await measure(original);
      const { bytes, report } = await packGlb(original, { compress });
      expect(bytes.byteLength).toBeLessThanOrEqual(original.byteLength);
      expect(report.outputBytes).toBe(bytes.byteLength);
      expect(report.inputBytes).toBe(original.byteLength);
      expect(report.meshes).toBe(4);
      expect(report.extensions).toContain(
        compress === 'draco' ? 'KHR_draco_mesh_compression' : 'EXT_meshopt_compression',
      );
      const doc = await (await createNodeIO()).readBinary(bytes);
      expect(
        doc
          .getRoot()
          .listMeshes()
          .map((m) => m.getName()),
      ).toEqual(expect.arrayContaining(['frame', 'lenses', 'temple_left', 'temple_right']));
      const after = await measure(bytes);
      expect(after.triangles).toBe(before.triangles);
      expect(report.triangles).toBe(before.triangles);
      expectSameFit(after.box, before.box, compress);
    },
  );

  it('keeps the fit of files with units, rotations, mirroring and deep hierarchies', async () => {
    const pick = ['mm', 'z-up-node', 'mirrored-blender', 'nested', 'quantized', 'sparse', 'ktx2'];
    const variants = (await makeVariants(original)).filter((v) => pick.includes(v.name));
    for (const v of variants) {
      const before = await measure(v.glb);
      for (const compress of ['draco', 'meshopt'] as const) {
        const { bytes } = await packGlb(v.glb, { compress, textures: 'keep' });
        const after = await measure(bytes);
        expect(after.triangles, `${v.name} ${compress}`).toBe(before.triangles);
        const unit = Math.cbrt(Math.abs(new Matrix4().fromArray(v.transform).determinant()));
        expectSameFit(after.box, before.box, `${v.name} ${compress}`, unit);
      }
    }
  }, 120_000);

  it('refuses bad files with one clear reason', async () => {
    const bad = new Map((await makeBadFiles(original)).map((b) => [b.name, b.bytes]));
    const reasons: Record<string, RegExp> = {
      'truncated.glb': /^is not a valid GLB \(unexpected end of data\)$/,
      'random.glb': /^is not a valid GLB \(no glTF header\)$/,
      'broken-json.glb': /^is not a valid GLB \(broken JSON chunk\)$/,
      'no-meshes.glb': /^has no meshes$/,
      'bad-texture.glb': /^has a texture that cannot be converted/,
    };
    for (const [name, message] of Object.entries(reasons)) {
      const packing = packGlb(bad.get(name)!);
      await expect(packing, name).rejects.toBeInstanceOf(PackError);
      await expect(packing, name).rejects.toThrow(message);
    }
  });

  it('exits non-zero with one line on stderr for a truncated file (CLI)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'glasses-pack-'));
    dirs.push(dir);
    const input = join(dir, 'in.glb');
    writeFileSync(input, original.subarray(0, original.byteLength >> 1));
    const run = spawnSync(
      process.execPath,
      ['scripts/glasses-pack.mjs', input, join(dir, 'out.glb')],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toBe(`glasses:pack: ${input} is not a valid GLB (unexpected end of data)\n`);
  });
});
