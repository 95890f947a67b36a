import { KEY_MODEL_USE } from '../shared/storage-constants';
import { getJson, putJson } from './model-db';

/** When a stored glasses model was last stored or worn (ms since 1970), and its bytes. */
export interface ModelUse {
  at: number;
  bytes: number;
}
export type ModelUseMap = Record<string, ModelUse>;

/**
 * The `modelUse` record: `{ version: 1, models: { [value]: { at, bytes } } }`. What is read back
 * is checked: a record of another shape counts as none (every stored model then counts as the
 * oldest, its size read from its blob), and each implausible row is dropped on its own.
 */
export function parseModelUse(data: unknown): ModelUseMap {
  if (typeof data !== 'object' || data === null) return {};
  const { version, models } = data as { version?: unknown; models?: unknown };
  if (version !== 1 || typeof models !== 'object' || models === null) return {};
  const map: ModelUseMap = {};
  for (const [value, row] of Object.entries(models as Record<string, unknown>)) {
    const { at, bytes } = (row ?? {}) as { at?: unknown; bytes?: unknown };
    const plausible = (n: unknown): n is number => typeof n === 'number' && n >= 0 && n < 1e15;
    if (plausible(at) && plausible(bytes)) map[value] = { at, bytes };
  }
  return map;
}

export async function loadModelUse(): Promise<ModelUseMap> {
  return parseModelUse(await getJson(KEY_MODEL_USE));
}

export function saveModelUse(models: ModelUseMap): Promise<boolean> {
  return putJson(KEY_MODEL_USE, { version: 1, models });
}
