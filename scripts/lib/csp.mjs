// One Content-Security-Policy for the production server and the Vite dev server, so a
// policy violation shows up in development rather than only after deployment.

/**
 * The origin of an absolute asset base (e.g. a CDN named by VITE_ASSET_BASE); a relative base
 * such as '/' or './' is same-origin and needs no extra CSP source.
 * @param {string | undefined} assetBase
 * @returns {string[]}
 */
export function assetOrigins(assetBase = process.env.VITE_ASSET_BASE) {
  if (!assetBase || !/^https?:\/\//i.test(assetBase)) return [];
  return [new URL(assetBase).origin];
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
    ["style-src 'self' 'unsafe-inline'"],
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
