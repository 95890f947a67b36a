import { fetchBody, fetchChecked, fetchJson, sha256Hex } from '../shared/checked-fetch';
import { GLASSES_MAX_BYTES, MATERIAL_MAX_BYTES } from '../shared/storage-constants';
import type { MaterialItem } from '../shared/try-on-types';
import { assetUrl } from '../storage/asset-url';
import { deleteKey, getBlob, getJson, putBlob, putJson, storedBytes } from '../storage/model-db';
import { modelPath, type CatalogueEntry } from './manifest';
import { noteModelUse, storeNoted } from './model-budget';

/**
 * Entries without a declared size are still capped (no pair of glasses needs more) and streamed,
 * so progress shows and an oversized file stops at the cap instead of filling memory.
 */
async function fetchUndeclared(
  path: string,
  onFraction: (f: number) => void,
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
  // Content-Length is the wire size: with compression it only approximates the decoded bytes.
  const bytes = await fetchBody(assetUrl(path), path, GLASSES_MAX_BYTES, {
    onBytes: (n, expected) => expected && onFraction(Math.min(0.99, n / expected)),
    ...(signal ? { signal } : {}),
  });
  onFraction(1);
  return bytes.buffer;
}

/** Material files are arrays of items with a mesh name; anything else is ignored (logged). */
export function validMaterials(json: unknown): MaterialItem[] | undefined {
  if (!Array.isArray(json)) return undefined;
  const items = json.filter(
    (item: unknown): item is MaterialItem =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as MaterialItem).modelArrayOrder === 'string',
  );
  return items.length > 0 ? items : undefined;
}

export interface StoredModel {
  glb: ArrayBuffer;
  materials?: MaterialItem[];
  /** The material file could not be used: the model's own materials show (said, not stored). */
  materialsUnusable?: boolean;
}

/**
 * Downloads a model (checked against its declared size and SHA-256) and its material file. Nothing
 * is stored here: the caller stores the pair only once the worker has accepted the model, so a
 * file that will not parse never lands in storage. A material file that fails (unreachable, over
 * MATERIAL_MAX_BYTES, not JSON, no items) leaves the model's own materials, as in the original.
 */
export async function downloadModel(
  entry: CatalogueEntry,
  onFraction: (f: number) => void,
  signal?: AbortSignal,
): Promise<StoredModel> {
  const file = modelPath(entry);
  const glb =
    entry.size && entry.sha256
      ? await fetchChecked(
          // Keyed on the file's hash, so that no cache (the service worker's CacheFirst route,
          // the browser's) answers a replaced file with the old bytes, which fail the new hash.
          `${assetUrl(file)}?sha256=${entry.sha256}`,
          { path: file, size: entry.size, sha256: entry.sha256 },
          (n) => onFraction(n / entry.size!),
          signal,
        )
      : await fetchUndeclared(file, onFraction, signal);
  const path = entry.materialParameter;
  if (!path) return { glb };
  try {
    // Keyed on the model's hash as the model is: a replaced model comes with its own materials.
    const url = `${assetUrl(path)}${entry.sha256 ? `?model=${entry.sha256}` : ''}`;
    const json = await fetchJson(url, path, MATERIAL_MAX_BYTES, signal && { signal });
    const materials = validMaterials(json);
    if (!materials) throw new Error('no material items');
    return { glb, materials };
  } catch (error) {
    console.error('material parameter failure', path, error);
    return { glb, materialsUnusable: true };
  }
}

/**
 * Stores a model the worker accepted: the material file first, the model last (its presence is
 * what marks the entry downloaded), noted as just used (model-budget.ts). False when the browser
 * refused to store it.
 */
export async function storeModel(entry: CatalogueEntry, model: StoredModel): Promise<boolean> {
  if (entry.materialParameter && model.materials) {
    await putJson(entry.materialParameter, model.materials);
  }
  const blob = new Blob([model.glb], { type: 'model/gltf-binary' });
  return storeNoted(entry.value, blob.size, () => putBlob(entry.value, blob));
}

/**
 * The stored copy of a model, or undefined (then the caller downloads it). A copy that is not the
 * file this list names (a damaged disk, the shop replaced the model under the same path, or the
 * built-in list shown while the shop's manifest fails) is left alone and never loaded: a worn
 * download overwrites it, and the shop's list, once back, finds its own file still there.
 * `onUnreadable` hears of a copy the browser cannot read back, which is dropped.
 */
export async function readModel(
  entry: CatalogueEntry,
  onUnreadable?: () => void,
): Promise<StoredModel | undefined> {
  const blob = await getBlob(entry.value);
  if (!blob) return undefined;
  // A record the browser cannot read back (evicted bytes, a damaged disk) is dropped alone; one
  // that reads back too slowly is kept, and this tap downloads the file.
  const glb = await storedBytes(blob);
  if (glb === 'slow') return undefined;
  if (glb === 'unreadable') {
    console.warn(`stored ${entry.value} cannot be read; downloading it again`);
    await forgetModel(entry);
    onUnreadable?.();
    return undefined;
  }
  const wrongSize = entry.size !== undefined && glb.byteLength !== entry.size;
  if (wrongSize || (entry.sha256 && (await sha256Hex(glb)) !== entry.sha256)) {
    console.warn(`stored ${entry.value} is not the file this list names; downloading it`);
    return undefined;
  }
  const materials = entry.materialParameter
    ? validMaterials(await getJson(entry.materialParameter))
    : undefined;
  noteModelUse(entry.value, glb.byteLength);
  return { glb, ...(materials ? { materials } : {}) };
}

/** A stored copy that cannot be read back is removed: the next tap downloads it. */
export function forgetModel(entry: CatalogueEntry): Promise<void> {
  return deleteKey(entry.value);
}
