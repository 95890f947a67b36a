// The headers every response of the app carries, and its cache policy: one owner for the
// production server (serve.mjs) and for the host configurations written beside the build
// (host-configs.mjs), so that a shop's nginx, Caddy or Netlify sends what the tests checked.
import { assetOrigins as readAssetOrigins, buildCsp } from './csp.mjs';
import { embedOrigins as readEmbedOrigins } from './embed-origins.mjs';

/**
 * @param {{ assetOrigins?: string[], embedOrigins?: string[] }} [origins] checked origins
 *   (origin.mjs): the asset host (VITE_ASSET_BASE) and the shop pages that may frame the app
 *   (VITE_EMBED_ORIGINS); by default read from the environment.
 * @returns {Record<string, string>}
 */
export function securityHeaders({
  assetOrigins = readAssetOrigins(),
  embedOrigins = readEmbedOrigins(),
} = {}) {
  return {
    'Content-Security-Policy': buildCsp(assetOrigins, { frameAncestors: embedOrigins }),
    'X-Content-Type-Options': 'nosniff',
    // Nothing of the app's URLs (a shop's ?glasses= link) goes to another site.
    'Referrer-Policy': 'no-referrer',
    // No page the app opens, nor the page that opened it, gets a handle on its window.
    'Cross-Origin-Opener-Policy': 'same-origin',
    // The camera for the app, and for the shop pages that embed it (their frame asks with allow=).
    'Permissions-Policy': `camera=(self${embedOrigins.map((o) => ` "${o}"`).join('')})`,
  };
}

/** Vite's content-hashed output: the only files that may be cached forever. */
export const IMMUTABLE_PREFIX = 'assets/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, models, the manifest) revalidates. */
export const REVALIDATE = 'no-cache';

/** @param {string} relPath posix path inside the served directory */
export function cacheControl(relPath) {
  return relPath.startsWith(IMMUTABLE_PREFIX) ? IMMUTABLE : REVALIDATE;
}
