import { ASSET_PATHS, KEY_ENV_CUBE, KEY_ENV_IMAGE } from '../shared/storage-constants';
import { assetUrl, knownAsset } from './asset-url';
import { fetchChecked } from '../shared/checked-fetch';
import { deleteKey, getBlob, putBlob } from './model-db';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** False too for a stored record the browser cannot read back (evicted bytes, a damaged disk). */
async function isPng(blob: Blob): Promise<boolean> {
  const head = await blob
    .slice(0, PNG_SIGNATURE.length)
    .arrayBuffer()
    .then((bytes) => new Uint8Array(bytes))
    .catch(() => null);
  return head !== null && PNG_SIGNATURE.every((byte, i) => head[i] === byte);
}

/**
 * The studio environment image (env/studio.png): from ModelDB when stored, else downloaded and
 * stored. Downloads are checked against the size and SHA-256 setup recorded; the PNG signature
 * keeps a damaged or unreadable stored record out of the renderer, and it is replaced.
 */
export async function loadEnvironmentImage(signal?: AbortSignal): Promise<Blob> {
  const stored = await getBlob(KEY_ENV_IMAGE);
  if (stored && stored.size > 0 && (await isPng(stored))) {
    return stored.type ? stored : new Blob([stored], { type: 'image/png' });
  }
  if (stored) await deleteKey(KEY_ENV_IMAGE);
  const bytes = await fetchChecked(
    assetUrl(ASSET_PATHS.envImage),
    knownAsset(ASSET_PATHS.envImage),
    undefined,
    signal,
  );
  const blob = new Blob([bytes], { type: 'image/png' });
  if (!(await isPng(blob))) throw new Error(`${ASSET_PATHS.envImage} is not a PNG`);
  await putBlob(KEY_ENV_IMAGE, blob);
  return blob;
}

/**
 * The prefiltered environment cube kept from an earlier start, as opaque bytes: the render worker
 * alone reads them and checks they were made from the current picture by its current prefilter.
 */
export async function loadEnvironmentCube(): Promise<ArrayBuffer | null> {
  const stored = await getBlob(KEY_ENV_CUBE);
  if (!stored) return null;
  // One that cannot be read back is dropped: the worker computes it again.
  const bytes = await stored.arrayBuffer().catch(() => null);
  if (!bytes) await deleteKey(KEY_ENV_CUBE);
  return bytes;
}

/** Keeps a cube the render worker has just computed (replacing any older one). */
export async function storeEnvironmentCube(bytes: ArrayBuffer): Promise<void> {
  await putBlob(KEY_ENV_CUBE, new Blob([bytes]));
}
