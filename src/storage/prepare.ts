import { t } from '../i18n';
import {
  ASSET_PATHS,
  KEY_MEDIAPIPE_TASK,
  KEY_TASK_AND_WASM_CACHED,
} from '../shared/storage-constants';
import { fetchChecked, matchesAsset, type KnownAsset } from '../shared/checked-fetch';
import { assetUrl, knownAsset } from './asset-url';
import { deleteKey, getBlob, putBlob, setFlag, storedBytes } from './model-db';
import { PrepareError } from './prepare-error';
import { ProgressMeter, type PrepareProgress } from './progress-meter';
import { hasVerifiedEntry, openWasmCache, pruneWasmCache, storeEntry } from './wasm-cache';

export interface PreparedAssets {
  /** The verified face model; the caller copies it before transferring it anywhere. */
  modelBytes: ArrayBuffer;
}

/**
 * The stored model if it is exactly the known one; a wrong or unreadable record is deleted, and
 * one that reads back too slowly is left for the download to replace.
 */
async function storedModel(asset: KnownAsset): Promise<ArrayBuffer | undefined> {
  const blob = await getBlob(KEY_MEDIAPIPE_TASK);
  if (!blob) return undefined;
  const bytes = await storedBytes(blob);
  if (bytes === 'slow') return undefined;
  if (bytes !== 'unreadable' && (await matchesAsset(bytes, asset))) return bytes;
  console.warn('stored face model discarded (unreadable, or size or SHA-256 mismatch)');
  await deleteKey(KEY_MEDIAPIPE_TASK);
  return undefined;
}

/**
 * The runtime files Cache Storage lacks a verified copy of. None without Cache Storage: the
 * worker then fetches the runtime itself, and there is nothing to prepare.
 */
async function unverifiedRuntime(
  cache: Cache | null,
  runtime: KnownAsset[],
): Promise<KnownAsset[]> {
  if (!cache) return [];
  await pruneWasmCache(cache, runtime);
  const verified = await Promise.all(runtime.map((asset) => hasVerifiedEntry(cache, asset)));
  return runtime.filter((_, index) => !verified[index]);
}

/**
 * The preparation of docs/behaviour.md §4: flag 0; the face model into ModelDB unless a verified
 * copy is there; the two runtime files into Cache Storage; flag 1. Downloads run in parallel and
 * are written only after their size and SHA-256 check, so a failure never leaves a partial
 * record. Progress counts decoded bytes over everything needed, with what is already stored
 * counted as done.
 */
export async function runPreparation(
  report: (progress: PrepareProgress) => void = () => {},
): Promise<PreparedAssets> {
  const started = performance.now();
  await setFlag(KEY_TASK_AND_WASM_CACHED, false);
  const model = knownAsset(ASSET_PATHS.faceModel);
  const runtime = [knownAsset(ASSET_PATHS.wasmLoader), knownAsset(ASSET_PATHS.wasmBinary)];
  // The three stored files are read and hashed at once (every start does this, ~6 MB).
  const cacheJob = openWasmCache();
  const [stored, cache, missingRuntime] = await Promise.all([
    storedModel(model),
    cacheJob,
    cacheJob.then((cache) => unverifiedRuntime(cache, runtime)),
  ]);
  const needed = cache ? [model, ...runtime] : [model];
  const missing = [...(stored ? [] : [model]), ...missingRuntime];
  const bytesOf = (assets: KnownAsset[]) => assets.reduce((sum, asset) => sum + asset.size, 0);
  const meter = new ProgressMeter(bytesOf(needed), bytesOf(needed) - bytesOf(missing), report);

  const abort = new AbortController();
  const download = async (asset: KnownAsset) => {
    const bytes = await fetchChecked(
      assetUrl(asset.path),
      asset,
      (received) => meter.received(asset.path, received),
      abort.signal,
    );
    meter.complete(asset.path, asset.size);
    return bytes;
  };
  const modelJob = stored
    ? Promise.resolve(stored)
    : download(model).then(async (bytes) => {
        await putBlob(KEY_MEDIAPIPE_TASK, new Blob([bytes], { type: 'application/octet-stream' }));
        return bytes;
      });
  const runtimeJobs = missingRuntime.map((asset) =>
    download(asset).then((bytes) => cache && storeEntry(cache, asset, bytes)),
  );
  let modelBytes: ArrayBuffer;
  try {
    [modelBytes] = await Promise.all([modelJob, ...runtimeJobs]);
  } catch (error) {
    // Stop the other downloads and let in-flight writes finish, so a retry starts from a
    // settled state (a finished, verified file stays stored).
    abort.abort();
    await Promise.allSettled([modelJob, ...runtimeJobs]);
    throw error;
  }
  await setFlag(KEY_TASK_AND_WASM_CACHED, true);
  meter.finish();
  // Visible in DevTools' performance panel and to the e2e tests and bench.
  performance.measure('storage:prepare', { start: started });
  return { modelBytes };
}

let current: Promise<PreparedAssets> | null = null;
let running = false;
let lastProgress: PrepareProgress | null = null;
const listeners = new Set<(progress: PrepareProgress) => void>();

/**
 * One preparation per page, shared by the Loading screen and the engine (a direct visit to /home
 * prepares too). A failure is logged as the original did and rethrown as a PrepareError with a
 * reason for the user; the next call starts over.
 */
export function ensurePrepared(): Promise<PreparedAssets> {
  if (current) return current;
  running = true;
  current = runPreparation((progress) => {
    lastProgress = progress;
    for (const listener of listeners) listener(progress);
  })
    .catch((error: unknown) => {
      console.error(t('modelDownloadFailed'), error);
      current = null;
      lastProgress = null;
      throw error instanceof PrepareError ? error : new PrepareError(error);
    })
    .finally(() => {
      running = false;
    });
  return current;
}

/**
 * True while this page is preparing: the stored flag then reads 0 because of this run, not
 * because an earlier visit was interrupted, so the route guard has nothing to send the user back
 * to (the run finishes in the background wherever the user goes).
 */
export function isPreparing(): boolean {
  return running;
}

/** Progress of the running (or finished) preparation; replays the latest value at once. */
export function onPrepareProgress(listener: (progress: PrepareProgress) => void): () => void {
  listeners.add(listener);
  if (lastProgress) listener(lastProgress);
  return () => listeners.delete(listener);
}
