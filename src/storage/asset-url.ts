import type { KnownAsset } from '../shared/checked-fetch';
import { ASSET_PATHS } from '../shared/storage-constants';

/** The asset base is one setting (VITE_ASSET_BASE, default the app's own origin). */
export const assetBase = new URL(__ASSET_BASE__, location.href);

export const assetUrl = (path: string): string => new URL(path, assetBase).href;

/** Origins the app may connect to: its own and the asset host's. */
export const allowedOrigins = (): string[] => [...new Set([location.origin, assetBase.origin])];

/** Sizes and hashes of the runtime and model, baked into the bundle at build time. */
export function knownAsset(path: string): KnownAsset {
  const entry = __ASSET_INTEGRITY__[path];
  if (!entry) throw new Error(`no integrity record for ${path}`);
  return { path, ...entry };
}

export const RUNTIME_ASSETS = [
  ASSET_PATHS.faceModel,
  ASSET_PATHS.wasmLoader,
  ASSET_PATHS.wasmBinary,
];
