// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Box3, Mesh, type Object3D } from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../scripts/catalogue/generate.mjs';

interface ManifestEntry {
  value: string;
  serialNo: string;
  text: string;
  previewIcon: string;
  materialParameter: string;
  size: number;
  sha256: string;
}

interface FitExtras {
  bridge: number[];
  hingeLeft: number[];
  hingeRight: number[];
  lensWidth: number;
  lensHeight: number;
  bridgeWidth: number;
  templeLength: number;
}

const dirs: string[] = [];
let out = '';
let manifest: ManifestEntry[] = [];

function generateInto(): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  dirs.push(dir);
  generateCatalogue({ out: dir, task: undefined, log: () => {} });
  return dir;
}

function parseGlb(file: string): Promise<GLTF> {
  const buf = readFileSync(file);
  const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
  return new GLTFLoader().parseAsync(ab, '');
}

function mesh(root: Object3D, name: string): Mesh {
  const found = root.getObjectByName(name);
  if (!(found instanceof Mesh)) throw new Error(`mesh ${name} missing`);
  return found;
}

const sizeOf = (o: Object3D) => {
  const box = new Box3().setFromObject(o);
  return { box, w: box.max.x - box.min.x, h: box.max.y - box.min.y, d: box.max.z - box.min.z };
};

beforeAll(() => {
  out = generateInto();
  manifest = JSON.parse(readFileSync(join(out, 'others/manifest.json'), 'utf8')) as ManifestEntry[];
}, 60_000);

afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('catalogue generator', () => {
  it('lists at least 8 frames whose size and hash match the files', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(8);
    for (const e of manifest) {
      const glb = readFileSync(join(out, e.value));
      expect(e.size).toBe(glb.length);
      expect(e.sha256).toBe(createHash('sha256').update(glb).digest('hex'));
      expect(glb.length).toBeLessThan(300 * 1024);
      expect(e.text.length).toBeGreaterThan(0);
      const svg = readFileSync(join(out, e.previewIcon), 'utf8');
      expect(svg.length).toBeLessThan(8 * 1024);
      const [, , w, h] = /viewBox="([^"]+)"/.exec(svg)![1]!.split(' ').map(Number);
      expect(w).toBe(h);
      const mats = JSON.parse(readFileSync(join(out, e.materialParameter), 'utf8')) as {
        modelArrayOrder: string;
        opacity?: number;
        transparent?: boolean;
      }[];
      expect(mats.map((m) => m.modelArrayOrder).sort()).toEqual(
        ['frame', 'lenses', 'temple_left', 'temple_right'].sort(),
      );
      expect(mats.find((m) => m.modelArrayOrder === 'lenses')?.transparent).toBe(true);
    }
  });

  it('builds frames with named meshes at real-world size (metres, facing +Z)', async () => {
    for (const e of manifest) {
      const { scene } = await parseGlb(join(out, e.value));
      const root = scene.getObjectByName(`glasses-${e.serialNo}`)!;
      const fit = root.userData as FitExtras;
      const kids = fit.lensWidth < 0.045;
      const frame = mesh(scene, 'frame');
      const lenses = mesh(scene, 'lenses');
      const left = mesh(scene, 'temple_left');
      const right = mesh(scene, 'temple_right');
      for (const m of [frame, lenses, left, right]) {
        expect(m.geometry.getAttribute('position').count).toBeGreaterThan(0);
        expect(m.geometry.getAttribute('normal')).toBeDefined();
      }
      const front = sizeOf(frame);
      // Adult fronts are ~130-145 mm, kids' ~115 mm.
      const [minW, maxW] = kids ? [0.108, 0.122] : [0.128, 0.148];
      expect(front.w).toBeGreaterThan(minW);
      expect(front.w).toBeLessThan(maxW);
      expect(fit.lensWidth).toBeGreaterThanOrEqual(kids ? 0.04 : 0.048);
      expect(fit.lensWidth).toBeLessThanOrEqual(0.056);
      expect(fit.bridgeWidth).toBeGreaterThanOrEqual(kids ? 0.014 : 0.016);
      expect(fit.bridgeWidth).toBeLessThanOrEqual(0.022);
      expect(fit.templeLength).toBeGreaterThanOrEqual(kids ? 0.118 : 0.135);
      expect(fit.templeLength).toBeLessThanOrEqual(0.15);

      // Left lens geometry matches the advertised lens width and height.
      const pos = lenses.geometry.getAttribute('position');
      let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
      for (let i = 0; i < pos.count; i++) {
        if (pos.getX(i) <= 0) continue;
        [x0, x1] = [Math.min(x0, pos.getX(i)), Math.max(x1, pos.getX(i))];
        [y0, y1] = [Math.min(y0, pos.getY(i)), Math.max(y1, pos.getY(i))];
      }
      expect(x1 - x0).toBeCloseTo(fit.lensWidth, 3);
      expect(Math.abs(y1 - y0 - fit.lensHeight)).toBeLessThan(0.0015);
      expect(x0 * 2).toBeCloseTo(fit.bridgeWidth, 3);

      // Wearer's left is +X; temples run back toward -Z from hinges behind the front.
      expect(fit.hingeLeft[0]).toBeGreaterThan(0);
      expect(fit.hingeRight[0]).toBeCloseTo(-fit.hingeLeft[0]!, 6);
      const l = sizeOf(left);
      expect(l.box.min.x).toBeGreaterThan(0);
      expect(sizeOf(right).box.max.x).toBeLessThan(0);
      expect(l.box.max.z).toBeLessThan(front.box.max.z);
      expect(l.d).toBeGreaterThan(fit.templeLength * 0.75);
      expect(l.d).toBeLessThan(fit.templeLength);
      expect(l.box.min.y).toBeLessThan(fit.hingeLeft[1]! - 0.02); // bent down behind the ear

      const lensMat = lenses.material as { transparent: boolean; opacity: number };
      expect(lensMat.transparent).toBe(true);
      expect(lensMat.opacity).toBeLessThan(0.8);
    }
  });

  it('gives the browline frame brow blendshape morph targets on frame and lenses', async () => {
    const { scene } = await parseGlb(join(out, 'models/005.glb'));
    for (const name of ['frame', 'lenses']) {
      const m = mesh(scene, name);
      const dict = m.morphTargetDictionary ?? {};
      for (const target of ['browInnerUp', 'browOuterUpLeft', 'browOuterUpRight']) {
        expect(dict[target]).toBeTypeOf('number');
      }
      const inner = m.geometry.morphAttributes.position![dict.browInnerUp!]!;
      expect(inner.getY(0)).toBeCloseTo(0.002, 5);
      const outerLeft = m.geometry.morphAttributes.position![dict.browOuterUpLeft!]!;
      const pos = m.geometry.getAttribute('position');
      for (let i = 0; i < pos.count; i += 7) {
        if (pos.getX(i) < 0) expect(outerLeft.getY(i)).toBe(0);
      }
    }
  });

  it('builds a closed head occluder in canonical face space (cm)', async () => {
    const { scene } = await parseGlb(join(out, 'models/head6.glb'));
    const occ = mesh(scene, 'occluder');
    const { box } = sizeOf(occ);
    expect(box.min.z).toBeCloseTo(-12, 0);
    expect(box.max.x).toBeGreaterThan(7);
    expect(box.max.x).toBeLessThan(8);
    const p = occ.geometry.getAttribute('position');
    // Landmark 168 (nose bridge) sits just inside the canonical (0, 3.27, 5.24).
    const d = Math.hypot(p.getX(168), p.getY(168) - 3.27, p.getZ(168) - 5.24);
    expect(d).toBeGreaterThan(0.2);
    expect(d).toBeLessThan(0.4);
    const idx = occ.geometry.getIndex()!;
    const edges = new Map<string, number>();
    for (let k = 0; k < idx.count; k += 3) {
      for (let o = 0; o < 3; o++) {
        const key = `${idx.getX(k + o)},${idx.getX(k + ((o + 1) % 3))}`;
        edges.set(key, (edges.get(key) ?? 0) + 1);
      }
    }
    for (const [key, n] of edges) {
      const [a, b] = key.split(',');
      expect(n).toBe(1);
      expect(edges.get(`${b},${a}`), `edge ${key} has no opposite`).toBe(1);
    }
  });

  it('writes a 256x128 studio PNG', () => {
    const png = readFileSync(join(out, 'env/studio.png'));
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 128]);
  });

  it('fails clearly, before writing, when the face model is missing', () => {
    const dir = join(tmpdir(), `catalogue-missing-${process.pid}`);
    const run = () =>
      generateCatalogue({ out: dir, task: join(dir, 'face_landmarker.task'), log: () => {} });
    expect(run).toThrow(/face_landmarker\.task not found/);
    expect(() => statSync(dir)).toThrow();
  });

  it('is deterministic', () => {
    const again = generateInto();
    for (const rel of [
      'others/manifest.json',
      'models/head6.glb',
      'env/studio.png',
      'previews/005.svg',
    ]) {
      expect(statSync(join(again, rel)).size).toBe(statSync(join(out, rel)).size);
      expect(readFileSync(join(again, rel)).equals(readFileSync(join(out, rel)))).toBe(true);
    }
  }, 60_000);
});
