// The glasses size limits for the scripts and the test corpus: the app's own constants.
import { readConst } from './constants.mjs';

/** A GLB larger than this is refused by the app (bytes). */
export const GLASSES_MAX_BYTES = /** @type {number} */ (readConst('GLASSES_MAX_BYTES'));
/** A model with more triangles than this is refused by the app. */
export const GLASSES_MAX_TRIANGLES = /** @type {number} */ (readConst('GLASSES_MAX_TRIANGLES'));
