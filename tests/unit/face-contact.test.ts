// Where the worn front meets the cheeks (issue 52, 贴脸): the gap against a face whose depth is
// known by construction (a flat face at a known z), worked out by hand here, and against the
// canonical face's own skin (MediaPipe's mesh, read from the model file) for the reference head.
import { readFileSync } from 'node:fs';
import { BufferAttribute, BufferGeometry, Group, Mesh, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { loadCanonicalFace } from '../../scripts/catalogue/canonical-face.mjs';
import { findTaskFile } from '../../scripts/catalogue/generate.mjs';
import { FRONT_ANCHOR } from '../../workers/common/canonical-face';
import { cheekGapMm } from '../../workers/fit/face-contact';
import { FaceFront } from '../../workers/fit/face-front';
import type { TempleFit } from '../../workers/fit/temple-bend';

/** A mesh of the given triangles (cm). */
function meshOf(triangles: number[][]): Mesh {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(triangles.flat()), 3));
  return new Mesh(geometry);
}

/** A flat occluder at depth `z` (cm), 16 cm wide and 12 high about the eyes, 3 mm inside. */
function flatHead(z: number): FaceFront {
  const [l, r, b, t] = [-8, 8, -4, 8];
  const head = new Group();
  head.userData.inset = 0.3;
  head.add(
    meshOf([
      [l, b, z, r, b, z, r, t, z],
      [l, b, z, r, t, z, l, t, z],
    ]),
  );
  return new FaceFront(head);
}

/** A front of one small triangle at (x, y, z) (cm), as the fit places it (the fitted frame). */
function frontAt(...points: [number, number, number][]): Object3D {
  const glasses = new Group();
  for (const [x, y, z] of points) {
    glasses.add(meshOf([[x, y, z, x + 0.01, y, z, x, y + 0.01, z]]));
  }
  return glasses;
}

const FIT: TempleFit = {
  lensCentres: [
    [-3.2, FRONT_ANCHOR.y, FRONT_ANCHOR.z],
    [3.2, FRONT_ANCHOR.y, FRONT_ANCHOR.z],
  ],
  temples: 'none',
};

describe('the lower rim against a face of known depth', () => {
  // The occluder lies 3 mm inside the skin: a flat occluder at z 4.5 cm has its skin at 4.8.
  const head = flatHead(4.5);

  it('measures the lower rim over the cheek, by hand', () => {
    // 3 cm out, 1 cm below the pupils, at z 5.0: 5.0 − 4.8 = 2 mm in front of the skin; at 4.7,
    // 1 mm into it.
    expect(cheekGapMm(frontAt([3, 1.6, 5.0]), FIT, head)).toBeCloseTo(2, 1);
    expect(cheekGapMm(frontAt([3, 1.6, 5.0], [-2.5, 0.5, 4.7]), FIT, head)).toBeCloseTo(-1, 1);
  });

  it('leaves out the rims above the pupils, beside the nose, and the temples', () => {
    // Into the skin, each: a brow bar above the pupils, a rim's inner corner by the nose (1 cm
    // out), and 1.5 cm behind the lens centres a temple (the hinges are 1 cm back).
    const others: [number, number, number][] = [
      [3, 3.2, 4.7],
      [1, 1.0, 4.7],
      [3, 1.0, FRONT_ANCHOR.z - 1.5],
    ];
    expect(cheekGapMm(frontAt(...others, [3, 1.0, 5.2]), FIT, head)).toBeCloseTo(4, 1);
    expect(cheekGapMm(frontAt(...others), FIT, head)).toBeNull();
  });

  it('says nothing of a front with no part over the cheeks', () => {
    expect(cheekGapMm(new Group(), FIT, head)).toBeNull();
  });
});

describe('the lower rim against the reference head', () => {
  // The model file setup fetches (public/mediapipe/), or ../shared's.
  const task = (() => {
    try {
      return findTaskFile() as string;
    } catch {
      return null;
    }
  })();
  const present = task !== null;
  if (!present) console.log('skipped: no face_landmarker.task here (npm run setup fetches it)');

  it.runIf(present)('finds the canonical skin on the cheeks, to 0.3 mm', async () => {
    const { vertices } = loadCanonicalFace(task!);
    const bytes = readFileSync('public/models/head6.glb');
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const head = new FaceFront(
      (await new GLTFLoader().parseAsync(buffer as ArrayBuffer, '')).scene,
    );
    // Points 1 mm in front of the canonical skin (MediaPipe's own mesh, not the occluder) on the
    // cheeks, under and beside each eye: the gap is 1 mm, within what the occluder's faceted
    // surface and its 2.5 mm grid leave.
    // The cheeks lie 1.3–2.6 cm behind FRONT_ANCHOR: lens centres 2 cm back keep the hinges
    // behind them.
    const back: TempleFit = {
      lensCentres: FIT.lensCentres.map(([x, y, z]) => [x, y, z - 2]) as TempleFit['lensCentres'],
      temples: 'none',
    };
    for (const i of [118, 347, 117, 346, 101, 330, 100, 329, 119, 348, 50, 280]) {
      const [x = NaN, y = NaN, z = NaN] = vertices[i] ?? [];
      const gap = cheekGapMm(frontAt([x, y, z + 0.1]), back, head);
      expect(gap, `landmark ${i}`).toBeGreaterThan(0.7);
      expect(gap, `landmark ${i}`).toBeLessThan(1.3);
    }
  });
});
