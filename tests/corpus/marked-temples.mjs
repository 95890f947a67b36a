// A catalogue frame whose temples glow a green nothing on a face has (emissive, black base), so a
// picture of it worn tells its temples' pixels apart from its front's and from the face's
// (tests/outside/temple-hide.ts). Everything else, the fit markers included, is the original's.
import { createNodeIO } from '../../scripts/lib/gltf-node-io.mjs';

/** The catalogue's temple meshes (scripts/catalogue/glasses.mjs). */
const TEMPLES = ['temple_left', 'temple_right'];

/**
 * @param {Uint8Array} glb a catalogue GLB (public/models/00N.glb)
 * @returns {Promise<Uint8Array>}
 */
export async function markedTemples(glb) {
  const io = await createNodeIO();
  const doc = await io.readBinary(glb);
  const green = doc
    .createMaterial('temple-marker')
    .setBaseColorFactor([0, 0, 0, 1])
    .setEmissiveFactor([0, 1, 0])
    .setMetallicFactor(0)
    .setRoughnessFactor(1);
  const temples = doc
    .getRoot()
    .listMeshes()
    .filter((m) => TEMPLES.includes(m.getName()));
  if (temples.length !== TEMPLES.length) throw new Error('corpus: the frame has no two temples');
  for (const mesh of temples) for (const p of mesh.listPrimitives()) p.setMaterial(green);
  return io.writeBinary(doc);
}
