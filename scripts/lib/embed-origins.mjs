// The shop pages allowed to embed the try-on (`?embed`), set by the operator at build time in
// VITE_EMBED_ORIGINS (space- or comma-separated origins, e.g. "https://shop.example"). One
// parser for both uses of the list: the app's postMessage allow-list (defined into the bundle by
// vite.config.ts), and the frame-ancestors directive of the production server (scripts/serve.mjs;
// any other host must send the same).
import { checkedOrigin } from './origin.mjs';

/**
 * @param {string | undefined} [text] default: process.env.VITE_EMBED_ORIGINS
 * @returns {string[]} exact https origins (origin.mjs); anything else is refused loudly
 */
export function embedOrigins(text = process.env.VITE_EMBED_ORIGINS) {
  const origins = (text ?? '').split(/[\s,]+/).filter(Boolean);
  return [...new Set(origins.map((item) => checkedOrigin(item, 'VITE_EMBED_ORIGINS')))];
}
