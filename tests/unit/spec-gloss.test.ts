// A spec-gloss export keeps its colour: three's GLTFLoader no longer reads the extension, so the
// loader converts it with glTF Transform first (workers/assets/spec-gloss.ts).
import { readFileSync } from 'node:fs';
import { Mesh, type MeshStandardMaterial, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { specGlossToMetalRough } from '../../workers/assets/spec-gloss';
import { makeVariants } from '../corpus/glasses-variants.mjs';
import { SPEC_GLOSS_DIFFUSE } from '../corpus/variants-encoding.mjs';

async function frameColour(bytes: ArrayBuffer): Promise<number[]> {
  const gltf = await new GLTFLoader().parseAsync(bytes, '');
  let colour: number[] = [];
  gltf.scene.traverse((node: Object3D) => {
    if (node instanceof Mesh && node.name === 'frame') {
      colour = (node.material as MeshStandardMaterial).color.toArray();
    }
  });
  return colour;
}

describe('spec-gloss materials', () => {
  it('come out in their diffuse colour, not white', async () => {
    const original = new Uint8Array(readFileSync('public/models/002.glb'));
    const variant = (await makeVariants(original)).find((v) => v.name === 'spec-gloss')!;
    const bytes = variant.glb.slice().buffer;
    // As three reads the file itself: the frame is white.
    expect(await frameColour(bytes)).toEqual([1, 1, 1]);
    const converted = await specGlossToMetalRough(bytes);
    expect(converted).not.toBeNull();
    const rounded = (await frameColour(converted!)).map((v) => Math.round(v * 100) / 100);
    expect(rounded).toEqual(SPEC_GLOSS_DIFFUSE.slice(0, 3));
  });

  it('gives null, not an exception, for bytes it cannot read', async () => {
    expect(await specGlossToMetalRough(new Uint8Array([1, 2, 3]).buffer)).toBeNull();
  });
});
