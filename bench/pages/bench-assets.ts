import { validateManifest } from '../../src/catalogue/manifest';
import { ASSET_PATHS } from '../../src/shared/storage-constants';
import type { GlassesInput, MaterialItem } from '../../src/shared/try-on-types';

/** The bench build serves every asset from its own origin (no VITE_ASSET_BASE). */
export const assetUrl = (path: string): string => new URL(`/${path}`, location.href).href;

export async function fetchBytes(path: string): Promise<ArrayBuffer> {
  const response = await fetch(assetUrl(path));
  if (!response.ok) throw new Error(`HTTP ${response.status} ${path}`);
  return response.arrayBuffer();
}

/**
 * The glasses the bench puts on in every configuration: the catalogue's first entry, which the
 * bench taps in the app's grid (same GLB, same material file).
 */
export async function firstCatalogueGlasses(): Promise<GlassesInput> {
  const manifest = await (await fetch(assetUrl(ASSET_PATHS.manifest))).json();
  const entry = validateManifest(manifest).entries[0];
  if (!entry) throw new Error('the catalogue manifest has no valid entry');
  const glb = await fetchBytes(entry.value);
  const material = entry.materialParameter ? await fetch(assetUrl(entry.materialParameter)) : null;
  const materials = material?.ok ? ((await material.json()) as MaterialItem[]) : undefined;
  return { id: entry.value, glb, ...(materials ? { materials } : {}) };
}
