import { fetchChecked, matchesAsset, type KnownAsset } from '../../src/shared/checked-fetch';
import { DECODER_CACHE_NAME, DECODER_PATHS } from '../../src/shared/storage-constants';

/**
 * three's Draco and Basis loaders fetch their decoders themselves (FileLoader → fetch). The
 * worker's fetch guard sends those requests here, so they get what every other asset gets: a
 * known size and SHA-256, checked before use, and a verified copy in Cache Storage for offline
 * use. The decoders are requested only when a model needs them.
 */
let assetBase = new URL('/', self.location.href).href;

export function setDecoderBase(base: string): void {
  assetBase = new URL(base, self.location.href).href;
}

export const decoderUrl = (path: string): string => new URL(path, assetBase).href;

function knownDecoder(url: string): KnownAsset | null {
  for (const path of Object.values(DECODER_PATHS)) {
    if (decoderUrl(path) !== url) continue;
    const record = __ASSET_INTEGRITY__[path];
    if (!record) throw new Error(`no integrity record for ${path}`);
    return { path, ...record };
  }
  return null;
}

async function openCache(): Promise<Cache | null> {
  try {
    return typeof caches === 'undefined' ? null : await caches.open(DECODER_CACHE_NAME);
  } catch {
    return null; // private mode or storage refused: the network still works
  }
}

async function verifiedBytes(asset: KnownAsset, url: string): Promise<ArrayBuffer> {
  const cache = await openCache();
  const cached = await cache?.match(url).catch(() => undefined);
  if (cached?.ok) {
    const bytes = await cached.arrayBuffer();
    if (await matchesAsset(bytes, asset)) return bytes;
    await cache?.delete(url).catch(() => false);
  }
  // The query makes the request distinct from the decoder URL (only exact URLs are routed here).
  const bytes = await fetchChecked(`${url}?sha256=${asset.sha256}`, asset);
  await cache
    ?.put(url, new Response(bytes.slice(0), { headers: { 'Content-Type': mime(asset.path) } }))
    .catch(() => undefined);
  return bytes;
}

const mime = (path: string) =>
  path.endsWith('.wasm') ? 'application/wasm' : 'text/javascript; charset=utf-8';

/** A verified response for a decoder URL, or null for any other request. */
export function decoderResponse(url: string): Promise<Response> | null {
  const asset = knownDecoder(url);
  if (!asset) return null;
  return verifiedBytes(asset, url).then(
    (bytes) => new Response(bytes, { headers: { 'Content-Type': mime(asset.path) } }),
  );
}
