import { ASSET_PATHS } from '../shared/storage-constants';
import { allowedOrigins, assetBase, assetUrl, knownAsset } from '../storage/asset-url';
import { fetchChecked } from '../shared/checked-fetch';
import { ensurePrepared } from '../storage/prepare';
import { rememberedChoices } from './engine-choices';
import { debugInit } from './debug-switches';
import type { EngineAssets } from './try-on-engine';

/**
 * Everything the worker needs to start: the model (from ModelDB, downloaded if missing: the same
 * preparation as the Loading screen) and where the wasm runtime lives. The runtime URLs stay plain
 * asset URLs: the service worker answers them from the verified `mediapipe-wasm` cache.
 */
export async function loadEngineAssets(): Promise<EngineAssets> {
  const { modelBytes } = await ensurePrepared();
  return {
    // The prepared bytes themselves, shared on the page: each engine transfers its own copy
    // (engineStart), the one copy of the model a start makes.
    modelBytes,
    wasmLoaderUrl: assetUrl(ASSET_PATHS.wasmLoader),
    wasmBinaryUrl: assetUrl(ASSET_PATHS.wasmBinary),
    assetBase: assetBase.href,
    allowedOrigins: allowedOrigins(),
  };
}

/**
 * What one engine start takes: its own copy of the model bytes (it transfers them) and the
 * verdicts remembered so far, read at each start: an engine started after a crash skips the
 * delegate trial and the lens probe the first one ran (the probe alone holds a start 0.6–1.1 s;
 * tests/unit/engine-start.test.ts checks that a restart skips both).
 */
export function engineStart(assets: EngineAssets, restart: boolean): EngineAssets {
  const { delegate, quality } = rememberedChoices();
  const debug = debugInit();
  return {
    ...assets,
    modelBytes: assets.modelBytes.slice(0),
    ...(Object.keys(debug).length ? { debug } : {}),
    ...(delegate ? { rememberedDelegate: delegate } : {}),
    ...(quality ? { lensQuality: quality } : {}),
    ...(restart ? { restart } : {}),
  };
}

/** A project asset whose size and SHA-256 setup recorded (the head occluder). */
export function fetchKnownAsset(path: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  return fetchChecked(assetUrl(path), knownAsset(path), undefined, signal);
}
