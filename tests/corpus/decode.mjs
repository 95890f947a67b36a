// Turns any corpus file into one three's GLTFLoader can parse in Node: no Draco or meshopt
// decoder (both need workers or wasm set-up the loader does not do there) and no images (Node
// has no createImageBitmap). Geometry, quantization, morph targets and nodes are left as is.
import { createNodeIO } from '../../scripts/lib/gltf-node-io.mjs';

/** Extensions about compression and images; everything else three reads in Node. */
const DROPPED = new Set([
  'KHR_draco_mesh_compression',
  'EXT_meshopt_compression',
  'EXT_texture_webp',
  'EXT_texture_avif',
  'KHR_texture_basisu',
  'KHR_texture_transform',
]);

/**
 * @param {Uint8Array} glb
 * @returns {Promise<Uint8Array>} a plain GLB
 */
export async function decodeForNode(glb) {
  const io = await createNodeIO();
  const doc = await io.readBinary(glb);
  for (const texture of doc.getRoot().listTextures()) texture.dispose();
  for (const extension of doc.getRoot().listExtensionsUsed()) {
    if (DROPPED.has(extension.extensionName)) extension.dispose();
  }
  return io.writeBinary(doc);
}
