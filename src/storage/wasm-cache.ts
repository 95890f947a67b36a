import { t } from '../i18n';
import { DeadlinePassed, withDeadline } from '../shared/deadline';
import { STORAGE_DEADLINE_MS, WASM_CACHE_NAME } from '../shared/storage-constants';
import { matchesAsset, type KnownAsset } from '../shared/checked-fetch';
import { assetUrl } from './asset-url';
import { reportStorageUnavailable } from './storage-status';

/**
 * Cache Storage `mediapipe-wasm`: the two runtime files, keyed by their asset URL. The page is its
 * only writer and stores only verified bytes; the service worker answers the try-on worker's
 * requests for these URLs from here (see vite.config.ts), so the URLs the worker gets stay plain
 * same-origin URLs that the CSP allows (blob: URLs are refused by script-src and connect-src).
 * Every call has STORAGE_DEADLINE_MS: past it the runtime comes from the network instead.
 */
const answered = <T>(call: Promise<T>) => withDeadline(call, STORAGE_DEADLINE_MS);

export async function openWasmCache(): Promise<Cache | null> {
  try {
    if (typeof caches === 'undefined') throw new Error('Cache Storage is not available');
    return await answered(caches.open(WASM_CACHE_NAME));
  } catch (error) {
    console.warn(t('wasmCacheFailed'), error);
    reportStorageUnavailable('cache-open', error);
    return null;
  }
}

/** True when the cache holds exactly this asset; a wrong or unreadable entry is deleted. */
export async function hasVerifiedEntry(cache: Cache, asset: KnownAsset): Promise<boolean> {
  const url = assetUrl(asset.path);
  try {
    const response = await answered(cache.match(url));
    if (!response) return false;
    const bytes = await answered(response.arrayBuffer());
    if (response.ok && (await matchesAsset(bytes, asset))) return true;
  } catch (error) {
    console.warn('mediapipe-wasm entry unreadable', asset.path, error);
    // Slow is not wrong: the entry stays; the bytes come from the network this time.
    if (error instanceof DeadlinePassed) return false;
  }
  console.warn('mediapipe-wasm entry discarded', asset.path);
  await answered(cache.delete(url)).catch(() => false);
  return false;
}

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  wasm: 'application/wasm',
};

/**
 * Stores verified bytes. Module scripts and streaming wasm compilation check the content type,
 * so the stored response carries the right one whatever the server sent.
 */
export async function storeEntry(
  cache: Cache,
  asset: KnownAsset,
  bytes: ArrayBuffer,
): Promise<boolean> {
  const extension = asset.path.split('.').pop() ?? '';
  const headers = {
    'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'Content-Length': String(bytes.byteLength),
  };
  try {
    await answered(cache.put(assetUrl(asset.path), new Response(bytes, { status: 200, headers })));
    return true;
  } catch (error) {
    reportStorageUnavailable('cache-write', error);
    return false;
  }
}

/**
 * Drops every entry that is not one of the current runtime files: the service worker matches
 * with ignoreSearch, so a stale entry under another query (or from an older runtime version)
 * must not survive next to the verified one.
 */
export async function pruneWasmCache(cache: Cache, keep: readonly KnownAsset[]): Promise<void> {
  const wanted = new Set(keep.map((asset) => assetUrl(asset.path)));
  try {
    for (const request of await answered(cache.keys())) {
      if (!wanted.has(request.url)) await answered(cache.delete(request));
    }
  } catch (error) {
    console.warn('mediapipe-wasm prune failed', error);
  }
}
