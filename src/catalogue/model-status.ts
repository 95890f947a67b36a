import { KEY_MODEL_STATUS } from '../shared/storage-constants';
import { heldKeys, putJson } from '../storage/model-db';

/** docs/behaviour.md §4 "Model status". */
export type ModelStatus = 'not-downloaded' | 'downloading' | 'downloaded';
export type StatusMap = Record<string, ModelStatus>;

/**
 * What storage holds is the one source of truth: a model is downloaded when its file is stored
 * (a download cannot outlive the page, so none is 'downloading' here). The page adds its own
 * downloads under way on top.
 */
export async function storedStatuses(values: readonly string[]): Promise<StatusMap> {
  const held = await heldKeys(values);
  return Object.fromEntries(
    values.map((value) => [value, held.has(value) ? 'downloaded' : 'not-downloaded'] as const),
  );
}

/**
 * Writes the map under the original's key (`modelStatus`, docs/behaviour.md §5) for whatever
 * else reads that database; the app itself never reads it back (storedStatuses).
 */
export async function saveStatuses(map: StatusMap): Promise<void> {
  await putJson(KEY_MODEL_STATUS, map);
}
