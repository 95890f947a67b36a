// The shop page's packing (workers/assets/glasses-pack-web.ts): meshopt output that fits exactly as the
// original does, a Draco file left alone, and a packed file that moved is not handed out.
import { readFileSync } from 'node:fs';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import type { GlassesReport } from '../../src/shared/glasses-types';
import { fitMeshes } from '../../workers/fit/fit-geometry';
import { computeFit } from '../../workers/fit/glasses-fit';
import { packVerified } from '../../workers/assets/glasses-pack-web';
import { decodeForNode, makeVariants } from '../corpus/glasses-variants.mjs';

/** The app's fit, in Node: decoded first (meshopt), then measured as the loader measures. */
async function fitOf(data: ArrayBuffer): Promise<GlassesReport> {
  const plain = await decodeForNode(new Uint8Array(data));
  const buffer = plain.buffer.slice(plain.byteOffset, plain.byteOffset + plain.byteLength);
  const gltf = await new GLTFLoader().parseAsync(buffer as ArrayBuffer, '');
  const fit = computeFit(fitMeshes(gltf.scene).meshes);
  return { ...fit, widthMm: fit.widthM * 1000 } as unknown as GlassesReport;
}

const original = new Uint8Array(readFileSync('public/models/002.glb'));
const arrayBuffer = (bytes: Uint8Array) => bytes.slice().buffer;

describe('packing on the shop page', () => {
  it('writes meshopt geometry that fits within 0.2 mm of the original', async () => {
    const outcome = await packVerified(arrayBuffer(original), fitOf);
    if (!('glb' in outcome)) throw new Error(`not packed: ${JSON.stringify(outcome)}`);
    const text = new TextDecoder().decode(new Uint8Array(outcome.glb));
    expect(text.slice(0, 4)).toBe('glTF');
    expect(text).toContain('EXT_meshopt_compression');
    expect(outcome.outputBytes).toBeLessThan(outcome.inputBytes);
    expect(outcome.movedMm).toBeLessThanOrEqual(0.2);
    // Independently of the pack's own comparison: the same front width, to 0.05 mm.
    const [a, b] = [await fitOf(arrayBuffer(original)), await fitOf(outcome.glb)];
    expect(Math.abs(a.widthMm - b.widthMm)).toBeLessThan(0.05);
  });

  it('leaves a Draco file alone, saying why', async () => {
    const draco = (await makeVariants(original)).find((v) => v.name === 'draco')!;
    expect(await packVerified(arrayBuffer(draco.glb), fitOf)).toEqual({
      code: 'already-compressed',
    });
  });

  it('hands out nothing when the packed file would sit elsewhere', async () => {
    let calls = 0;
    const shifted = async (data: ArrayBuffer) => {
      const report = await fitOf(data);
      // The second fit (the packed file) lands 0.5 mm higher.
      if (calls++ === 1)
        report.bridge = [report.bridge[0], report.bridge[1] + 0.05, report.bridge[2]];
      return report;
    };
    const outcome = await packVerified(arrayBuffer(original), shifted);
    expect(outcome).toMatchObject({ code: 'fit-moved' });
    expect((outcome as { movedMm: number }).movedMm).toBeCloseTo(0.5, 3);
  });
});
