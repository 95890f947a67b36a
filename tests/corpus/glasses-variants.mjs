// Test corpus for the glasses fit and loader: the same frame exported the many ways real files
// come (units, axes, hierarchies, compression, textures), each with the matrix that maps the
// original onto it, plus files that must be refused. Deterministic; a few seconds per frame.
import { geometryVariants } from './variants-geometry.mjs';
import { encodingVariants } from './variants-encoding.mjs';

export { makeBadFiles } from './bad-files.mjs';
export { decodeForNode } from './decode.mjs';

/** @typedef {import('./corpus-doc.mjs').Variant} Variant */
/** @typedef {import('./bad-files.mjs').BadFile} BadFile */

/**
 * Every variant of one catalogue frame (public/models/00N.glb: metres, Y up, front +Z, nodes at
 * identity). The variants carry no fit markers in extras; map the original's markers with
 * `transform` to get each variant's ground truth.
 * @param {Uint8Array} glb
 * @returns {Promise<Variant[]>}
 */
export async function makeVariants(glb) {
  return Promise.all([...geometryVariants(glb), ...encodingVariants(glb)]);
}
