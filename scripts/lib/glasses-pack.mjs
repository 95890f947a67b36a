// Shrinks a glasses GLB for the web without moving it: the automatic fit measures the model in
// its own world space, so node transforms and vertex positions must come out as they went in
// (no center(), resize() or unit change; quantization only within meshopt, bounded to ~µm).
import { Logger, Primitive } from '@gltf-transform/core';
import {
  dedup,
  dequantize,
  draco,
  meshopt,
  prune,
  textureCompress,
  weld,
} from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';
import { GLASSES_MAX_BYTES, GLASSES_MAX_TRIANGLES } from './glasses-limits.mjs';
import { GlbFormatError, readGlb } from './glb-container.mjs';
import { createNodeIO, texturesToKtx2 } from './gltf-node-io.mjs';

/** @typedef {import('@gltf-transform/core').Document} Document */

/**
 * @typedef {object} PackOptions
 * @property {'draco' | 'meshopt'} [compress] geometry codec, default 'draco'
 * @property {'webp' | 'ktx2' | 'keep'} [textures] texture format, default 'webp'
 */

/**
 * @typedef {object} PackReport
 * @property {number} inputBytes
 * @property {number} outputBytes
 * @property {number} triangles drawn per frame (each mesh instance counted)
 * @property {number} meshes mesh instances in the scene
 * @property {string[]} extensions the output's extensionsUsed
 * @property {number} ms
 * @property {string[]} warnings e.g. the output is still over the app's limits
 */

/** A file the packer refuses; `message` completes the sentence "<file> …". */
export class PackError extends Error {}

export const COMPRESS_CHOICES = /** @type {const} */ (['draco', 'meshopt']);
export const TEXTURE_CHOICES = /** @type {const} */ (['webp', 'ktx2', 'keep']);

/** @param {unknown} error */
const reason = (error) => (error instanceof Error ? error.message : String(error));

/**
 * @param {import('@gltf-transform/core').NodeIO} io
 * @param {Uint8Array} bytes
 */
async function readDocument(io, bytes) {
  try {
    readGlb(bytes); // plain-words reasons for a broken container
    return await io.readBinary(bytes);
  } catch (error) {
    const why = error instanceof GlbFormatError ? error.message : reason(error);
    throw new PackError(`is not a valid GLB (${why})`);
  }
}

/**
 * Mesh instances and triangles reachable from the scenes, as a renderer would draw them.
 * @param {Document} doc
 */
export function countScene(doc) {
  let meshes = 0;
  let triangles = 0;
  for (const scene of doc.getRoot().listScenes()) {
    scene.traverse((node) => {
      const mesh = node.getMesh();
      if (!mesh) return;
      meshes++;
      for (const prim of mesh.listPrimitives()) triangles += triangleCount(prim);
    });
  }
  return { meshes, triangles };
}

/** @param {Primitive} prim */
function triangleCount(prim) {
  const count = prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')?.getCount() ?? 0;
  const mode = prim.getMode();
  if (mode === Primitive.Mode.TRIANGLES) return Math.floor(count / 3);
  if (mode === Primitive.Mode.TRIANGLE_STRIP || mode === Primitive.Mode.TRIANGLE_FAN) {
    return Math.max(0, count - 2);
  }
  return 0;
}

/**
 * @param {Document} doc
 * @param {'webp' | 'ktx2' | 'keep'} textures
 */
async function convertTextures(doc, textures) {
  try {
    if (textures === 'webp') {
      await doc.transform(textureCompress({ encoder: sharp, targetFormat: 'webp' }));
    } else if (textures === 'ktx2') {
      await texturesToKtx2(doc);
    }
  } catch (error) {
    throw new PackError(`has a texture that cannot be converted (${reason(error)})`);
  }
}

/**
 * @param {Uint8Array} bytes a GLB
 * @param {PackOptions} [options]
 * @returns {Promise<{ bytes: Uint8Array, report: PackReport }>}
 */
export async function packGlb(bytes, options = {}) {
  const start = performance.now();
  const compress = options.compress ?? 'draco';
  const textures = options.textures ?? 'webp';
  if (!COMPRESS_CHOICES.includes(compress)) throw new PackError(`unknown compression ${compress}`);
  if (!TEXTURE_CHOICES.includes(textures))
    throw new PackError(`unknown texture format ${textures}`);

  const io = await createNodeIO(Logger.Verbosity.ERROR);
  const doc = await readDocument(io, bytes);
  if (countScene(doc).meshes === 0) throw new PackError('has no meshes');

  // keepUniqueNames: temple_left and temple_right stay two meshes even when identical.
  await doc.transform(dedup({ keepUniqueNames: true }), weld(), prune({ keepExtras: true }));
  await convertTextures(doc, textures);
  // An input compressed the other way keeps that codec's extension unless told otherwise.
  if (compress === 'meshopt') {
    doc.disposeExtension('KHR_draco_mesh_compression');
    await MeshoptEncoder.ready;
    await doc.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
  } else {
    doc.disposeExtension('EXT_meshopt_compression');
    // Draco quantizes on its own and compresses float input better than pre-quantized input.
    await doc.transform(dequantize(), draco({ method: 'edgebreaker' }));
  }
  const out = await io.writeBinary(doc);

  const { meshes, triangles } = countScene(doc);
  const warnings = [];
  if (out.byteLength > GLASSES_MAX_BYTES) {
    warnings.push(`still larger than the app's limit of ${GLASSES_MAX_BYTES} bytes`);
  }
  if (triangles > GLASSES_MAX_TRIANGLES) {
    warnings.push(`more triangles than the app's limit of ${GLASSES_MAX_TRIANGLES}`);
  }
  const report = {
    inputBytes: bytes.byteLength,
    outputBytes: out.byteLength,
    triangles,
    meshes,
    extensions: [...(readGlb(out).json.extensionsUsed ?? [])].sort(),
    ms: Math.round(performance.now() - start),
    warnings,
  };
  return { bytes: out, report };
}
