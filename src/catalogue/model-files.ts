import type { MaterialItem } from '../shared/try-on-types';
import { assetUrl } from '../storage/asset-url';
import { DownloadError, fetchChecked } from '../storage/checked-fetch';
import { deleteKey, getBlob, getJson, putBlob, putJson } from '../storage/model-db';
import type { CatalogueEntry } from './manifest';

/** Entries without a declared size are still capped; a GLB that big is no pair of glasses. */
const UNDECLARED_LIMIT = 20 * 1024 * 1024;

async function fetchUndeclared(
  path: string,
  onFraction: (f: number) => void,
): Promise<ArrayBuffer> {
  const response = await fetch(assetUrl(path)).catch(() => {
    throw new DownloadError('network', path);
  });
  if (!response.ok) throw new DownloadError('http', path, response.status);
  const total = Number(response.headers.get('Content-Length')) || 0;
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength > UNDECLARED_LIMIT) throw new DownloadError('size', path);
  if (total) onFraction(1);
  return bytes;
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

/**
 * Downloads a model (checked against its declared size and SHA-256) and its material file, and
 * stores both. The model is written only once complete and verified. A material failure is
 * logged only, as in the original.
 */
export async function downloadModel(
  entry: CatalogueEntry,
  onFraction: (f: number) => void,
): Promise<void> {
  const bytes =
    entry.size && entry.sha256
      ? await fetchChecked(
          assetUrl(entry.value),
          { path: entry.value, size: entry.size, sha256: entry.sha256 },
          (n) => onFraction(n / entry.size!),
        )
      : await fetchUndeclared(entry.value, onFraction);
  if (entry.materialParameter) {
    try {
      const response = await fetch(assetUrl(entry.materialParameter));
      if (!response.ok) throw new DownloadError('http', entry.materialParameter, response.status);
      const items = validMaterials(await response.json());
      if (items) await putJson(entry.materialParameter, items);
    } catch (error) {
      console.error('material parameter failure', entry.materialParameter, error);
    }
  }
  await putBlob(entry.value, new Blob([bytes], { type: 'model/gltf-binary' }));
}

export interface StoredModel {
  glb: ArrayBuffer;
  materials?: MaterialItem[];
}

/** Reads a downloaded model back; undefined when it is not (or no longer) stored. */
export async function readModel(entry: CatalogueEntry): Promise<StoredModel | undefined> {
  const blob = await getBlob(entry.value);
  if (!blob) return undefined;
  const materials = entry.materialParameter
    ? validMaterials(await getJson(entry.materialParameter))
    : undefined;
  return { glb: await blob.arrayBuffer(), ...(materials ? { materials } : {}) };
}

/** A model that would not parse is removed, so the next tap downloads a fresh copy. */
export function forgetModel(entry: CatalogueEntry): Promise<void> {
  return deleteKey(entry.value);
}
