// One Content-Security-Policy for the production server, the host configurations and the built
// index.html's <meta> tag (security-headers.mjs, vite.config.ts). The dev server sends none: its
// React refresh runs an inline script and its CSS arrives as <style> elements.
import { checkedOrigin } from './origin.mjs';

/**
 * The origin of an absolute asset base (e.g. a CDN named by VITE_ASSET_BASE), checked as
 * origin.mjs says; a path on this origin such as '/' or './' needs no extra CSP source. Anything
 * else (another scheme, `//host/`, spaces or quotes) is refused loudly.
 * @param {string | undefined} assetBase
 * @returns {string[]}
 */
export function assetOrigins(assetBase = process.env.VITE_ASSET_BASE) {
  if (!assetBase) return [];
  if (/[\s;,'"]/.test(assetBase)) {
    throw new Error(`VITE_ASSET_BASE: "${assetBase}" has a space, quote, ; or , in it`);
  }
  if (/^\.?\/(?!\/)/.test(assetBase)) return [];
  if (!/^https?:\/\//i.test(assetBase)) {
    throw new Error(`VITE_ASSET_BASE: "${assetBase}" is neither a path here (/…) nor https://…`);
  }
  if (!URL.canParse(assetBase)) throw new Error(`VITE_ASSET_BASE: "${assetBase}" is not a URL`);
  return [checkedOrigin(new URL(assetBase).origin, 'VITE_ASSET_BASE')];
}

/**
 * @param {string[] | string | undefined} [extraOrigins] origins allowed in connect-src besides 'self'
 * @param {{ meta?: boolean, frameAncestors?: string[] }} [options] meta: the copy for index.html's
 *   <meta> tag, which browsers enforce on any static host; it leaves out frame-ancestors, which a
 *   <meta> policy may not carry (browsers ignore it there and log an error). frameAncestors: the
 *   shop pages allowed to embed the app (embed-origins.mjs); none: no page may.
 * @returns {string}
 */
export function buildCsp(extraOrigins = [], { meta = false, frameAncestors = [] } = {}) {
  const extra = [...new Set(typeof extraOrigins === 'string' ? [extraOrigins] : extraOrigins)];
  const directives = [
    ["default-src 'self'"],
    // The asset host also serves the wasm loader script and the preview images.
    ["script-src 'self' 'wasm-unsafe-eval'", ...extra],
    ["worker-src 'self' blob:"],
    // blob: is the loader's own: three's GLTFLoader decodes a GLB's embedded images through blob:
    // URLs of its bytes (without it every textured frame lost its textures). It never leaves.
    ["connect-src 'self' blob:", ...extra],
    ["img-src 'self' blob: data:", ...extra],
    ["media-src 'self' blob:"],
    // Stylesheets only: React sets style props through the CSSOM, which no policy governs.
    ["style-src 'self'"],
    ["font-src 'self'"],
    ["object-src 'none'"],
    ["base-uri 'self'"],
    ...(meta
      ? []
      : [
          frameAncestors.length > 0
            ? ['frame-ancestors', ...frameAncestors]
            : ["frame-ancestors 'none'"],
        ]),
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}
