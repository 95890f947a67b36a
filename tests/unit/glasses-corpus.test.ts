// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { Box3, Matrix4, Mesh, Vector3, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGlb } from '../../scripts/lib/glb-container.mjs';
import * as limits from '../../scripts/lib/glasses-limits.mjs';
import { createNodeIO } from '../../scripts/lib/gltf-node-io.mjs';
import { readGlbHeader } from '../../workers/assets/glb-header';
import { checkGlbDemand } from '../../workers/assets/glb-demand';
import { checkGlbReferences } from '../../workers/assets/glb-references';
import { GLASSES_MAX_BYTES, GLASSES_MAX_TRIANGLES } from '../../src/shared/storage-constants';
import {
  decodeForNode,
  makeBadFiles,
  makeVariants,
  type BadFile,
  type Variant,
} from '../corpus/glasses-variants.mjs';

const original = new Uint8Array(readFileSync('public/models/002.glb'));
/** The real exports (one of them, blender-small.glb, is an HTML page): absent without ../shared. */
const REAL_DIR = new URL('../../../shared/assets/glasses/', import.meta.url);
const REAL_PRESENT = existsSync(REAL_DIR);
if (!REAL_PRESENT) console.log(`skipped: the real exports (${REAL_DIR.pathname}) are not here`);

const parse = (glb: Uint8Array) => new GLTFLoader().parseAsync(glb.slice().buffer, '');

/** World-space corners of every triangle, in index order (robust to vertex reordering). */
function corners(root: Object3D, skip: string[] = []): Vector3[] {
  root.updateMatrixWorld(true);
  const out: Vector3[] = [];
  root.traverse((o) => {
    if (!(o instanceof Mesh) || skip.includes(o.name)) return;
    const position = o.geometry.getAttribute('position');
    const index = o.geometry.getIndex();
    const count = index ? index.count : position.count;
    for (let i = 0; i < count; i++) {
      const v = new Vector3().fromBufferAttribute(position, index ? index.getX(i) : i);
      out.push(v.applyMatrix4(o.matrixWorld));
    }
  });
  return out;
}

const meshNames = (root: Object3D) => {
  const names: string[] = [];
  root.traverse((o) => void (o instanceof Mesh && names.push(o.name)));
  return names;
};

/** Stored without vertex order (or exactly) by design: compare bounding boxes only. */
const BOX_ONLY = new Set(['draco', 'meshopt', 'quantized']);
const EXPECTED_EXTENSIONS: Record<string, string[]> = {
  draco: ['KHR_draco_mesh_compression'],
  meshopt: ['EXT_meshopt_compression', 'KHR_mesh_quantization'],
  quantized: ['KHR_mesh_quantization'],
  webp: ['EXT_texture_webp'],
  ktx2: ['KHR_texture_basisu'],
  'texture-transform': ['KHR_texture_transform'],
  materials: ['KHR_materials_clearcoat', 'KHR_materials_ior', 'KHR_materials_transmission'],
  'spec-gloss': ['KHR_materials_pbrSpecularGlossiness'],
};

let variants: Variant[] = [];
let badFiles: BadFile[] = [];
let originalCorners: Vector3[] = [];

beforeAll(async () => {
  [variants, badFiles] = await Promise.all([makeVariants(original), makeBadFiles(original)]);
  originalCorners = corners((await parse(original)).scene);
}, 180_000);

describe('glasses corpus variants', () => {
  it('has every variant once, and builds the same bytes every time', async () => {
    const names = variants.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['mm', 'cm', 'm', 'z-up-baked', 'z-up-node', 'front-minus-z', 'rot-z180']) {
      expect(names).toContain(name);
    }
    expect(names).toEqual(expect.arrayContaining(['mirrored-blender', 'nested', 'merged']));
    expect(names).toEqual(expect.arrayContaining(['clutter', 'webp', 'ktx2', 'sparse']));
    const again = await makeVariants(original);
    again.forEach((v, i) => expect(Buffer.compare(v.glb, variants[i]!.glb), v.name).toBe(0));
  }, 30_000);

  it('declares a transform that maps the original onto each variant', async () => {
    for (const v of variants) {
      const matrix = new Matrix4().fromArray(v.transform);
      const unit = Math.cbrt(Math.abs(matrix.determinant()));
      expect(v.mirrored, v.name).toBe(matrix.determinant() < 0);
      const expected = originalCorners.map((p) => p.clone().applyMatrix4(matrix));
      const gltf = await parse(await decodeForNode(v.glb));
      const actual = corners(gltf.scene, [...v.clutter, ...v.added]);
      if (BOX_ONLY.has(v.name)) {
        const a = new Box3().setFromPoints(actual);
        const e = new Box3().setFromPoints(expected);
        expect(a.min.distanceTo(e.min), v.name).toBeLessThan(5e-5 * unit);
        expect(a.max.distanceTo(e.max), v.name).toBeLessThan(5e-5 * unit);
        continue;
      }
      expect(actual.length, v.name).toBe(expected.length);
      const worst = Math.max(...actual.map((p, i) => p.distanceTo(expected[i]!)));
      expect(worst, v.name).toBeLessThan(1e-6 * unit);
    }
  }, 30_000);

  it('stores each variant the way its name says', async () => {
    const byName = new Map(variants.map((v) => [v.name, v]));
    for (const [name, extensions] of Object.entries(EXPECTED_EXTENSIONS)) {
      expect(byName.get(name)?.extensions, name).toEqual(extensions);
    }
    for (const name of ['mm', 'rot-x90', 'nested', 'merged', 'clutter', 'sparse']) {
      expect(byName.get(name)?.extensions, name).toEqual([]);
    }
    const merged = meshNames((await parse(byName.get('merged')!.glb)).scene);
    expect(merged).toEqual(['Object_0']);
    const clutter = meshNames((await parse(byName.get('clutter')!.glb)).scene);
    expect(clutter).toEqual(expect.arrayContaining(['frame', 'Plane', 'Cube']));
    const sparse = readGlb(byName.get('sparse')!.glb).json as { accessors: { sparse?: unknown }[] };
    expect(sparse.accessors.filter((a) => a.sparse).length).toBeGreaterThanOrEqual(2);
    const blender = readGlb(byName.get('mirrored-blender')!.glb).json as {
      nodes: { scale?: number[] }[];
    };
    expect(blender.nodes.map((n) => n.scale)).toContainEqual([100, -100, 100]);
  });

  it('gives the textured variants a 64×64 image in their own format', async () => {
    const io = await createNodeIO();
    for (const [name, mime] of [
      ['webp', 'image/webp'],
      ['ktx2', 'image/ktx2'],
      ['texture-transform', 'image/png'],
    ] as const) {
      const doc = await io.readBinary(variants.find((v) => v.name === name)!.glb);
      const [texture] = doc.getRoot().listTextures();
      expect(texture?.getMimeType(), name).toBe(mime);
      expect(texture?.getSize(), name).toEqual([64, 64]);
      if (mime !== 'image/ktx2') {
        const meta = await sharp(texture!.getImage()!).metadata();
        expect(meta.width, name).toBe(64);
      }
    }
  });
});

describe('what a file asks of memory and where it points, read before parsing', () => {
  const demand = (glb: Uint8Array) => {
    const { json, bin } = readGlbHeader(glb.slice().buffer);
    return () => {
      checkGlbDemand(json, bin);
      checkGlbReferences(json);
    };
  };

  it('refuses the files that ask too much, each with its reason', () => {
    const asking = badFiles.filter((b) =>
      /^too-(demanding|many-triangles)$/.test(b.expected ?? ''),
    );
    expect(asking.map((b) => b.name)).toEqual([
      'too-many-triangles.glb',
      'huge-accessor.glb',
      'huge-texture.glb',
    ]);
    for (const bad of asking) {
      expect(demand(bad.bytes), bad.name).toThrow(new RegExp(`^${bad.expected}: `));
    }
  });

  it('passes every variant', () => {
    for (const v of variants) expect(demand(v.glb), v.name).not.toThrow();
  });

  it.skipIf(!REAL_PRESENT)('passes the real exports that are GLB files', () => {
    const real = readdirSync(REAL_DIR)
      .filter((name) => name.endsWith('.glb') && name !== 'blender-small.glb')
      .map((name) => ({ name, bytes: new Uint8Array(readFileSync(new URL(name, REAL_DIR))) }));
    expect(real).toHaveLength(10);
    for (const { name, bytes } of real) expect(demand(bytes), name).not.toThrow();
  });
});

describe('glasses corpus bad files', () => {
  const file = (expected: BadFile['expected']) => badFiles.filter((b) => b.expected === expected);

  it('reads the limits the app uses', () => {
    expect(limits.GLASSES_MAX_BYTES).toBe(GLASSES_MAX_BYTES);
    expect(limits.GLASSES_MAX_TRIANGLES).toBe(GLASSES_MAX_TRIANGLES);
  });

  it('makes corrupt files that three refuses', async () => {
    expect(file('corrupt').map((b) => b.name)).toEqual([
      'truncated.glb',
      'random.glb',
      'broken-json.glb',
    ]);
    for (const bad of file('corrupt')) await expect(parse(bad.bytes), bad.name).rejects.toThrow();
  });

  it('makes valid files that break one rule each', async () => {
    const io = await createNodeIO();
    const [empty] = file('no-meshes');
    const scene = (await parse(empty!.bytes)).scene;
    expect(meshNames(scene)).toEqual([]);
    expect(scene.children.length).toBeGreaterThan(0);

    const texture = badFiles.find((b) => b.name === 'bad-texture.glb');
    const image = (await io.readBinary(texture!.bytes)).getRoot().listTextures()[0];
    expect(image?.getMimeType()).toBe('image/png');
    await expect(sharp(image!.getImage()!).metadata()).rejects.toThrow();
    expect(meshNames((await parse(await decodeForNode(texture!.bytes))).scene)).toContain('frame');

    const [large] = file('too-large');
    expect(large!.bytes.byteLength).toBeGreaterThan(GLASSES_MAX_BYTES);
    expect((await io.readBinary(large!.bytes)).getRoot().listMeshes().length).toBe(4);

    const [dense] = file('too-many-triangles');
    expect(dense!.bytes.byteLength).toBeLessThan(GLASSES_MAX_BYTES);
    let triangles = 0;
    (await parse(dense!.bytes)).scene.traverse((o) => {
      if (o instanceof Mesh) triangles += (o.geometry.getIndex()?.count ?? 0) / 3;
    });
    expect(triangles).toBeGreaterThan(GLASSES_MAX_TRIANGLES);
  });
});
