import { KEY_MODEL_STATUS } from '../shared/storage-constants';
import { getJson, putJson } from '../storage/model-db';

/** docs/behaviour.md §4 "Model status". */
export type ModelStatus = 'not-downloaded' | 'downloading' | 'downloaded';
export type StatusMap = Record<string, ModelStatus>;

const STATUSES: readonly ModelStatus[] = ['not-downloaded', 'downloading', 'downloaded'];

/**
 * Restores the persisted map. A download cannot survive a reload, so a cell left in
 * 'downloading' goes back to 'not-downloaded'.
 */
export function restoreStatuses(raw: unknown): StatusMap {
  const map: StatusMap = {};
  if (typeof raw !== 'object' || raw === null) return map;
  for (const [key, value] of Object.entries(raw)) {
    if (!STATUSES.includes(value as ModelStatus)) continue;
    map[key] = value === 'downloading' ? 'not-downloaded' : (value as ModelStatus);
  }
  return map;
}

export async function loadStatuses(): Promise<StatusMap> {
  return restoreStatuses(await getJson(KEY_MODEL_STATUS));
}

export async function saveStatuses(map: StatusMap): Promise<void> {
  await putJson(KEY_MODEL_STATUS, map);
}
