import { withDeadline } from '../shared/deadline';
import { MODEL_BUDGET_BYTES, STORAGE_DEADLINE_MS } from '../shared/storage-constants';
import { loadFavourites } from '../storage/favourites';
import { deleteKey, getBlob, storedKeys } from '../storage/model-db';
import { loadModelUse, saveModelUse, type ModelUseMap } from '../storage/model-use';
import { budgetSwitch } from '../engine/debug-switches';
import { isModelValue } from './manifest';

export interface StoredModelUse {
  value: string;
  bytes: number;
  /** Last stored or worn, ms; 0 when not known (stored by an older version): oldest. */
  at: number;
}

/**
 * Which stored models go so that the rest fit in `budget` bytes: the least recently worn first,
 * never one in `keep`. When the kept ones alone are over the budget, every other goes and the
 * kept stay: a worn frame or a 收藏 is never cleared for room.
 */
export function chooseEvictions(
  stored: readonly StoredModelUse[],
  budget: number,
  keep: ReadonlySet<string>,
): string[] {
  let total = stored.reduce((sum, model) => sum + model.bytes, 0);
  const evicted: string[] = [];
  const oldestFirst = [...stored].sort((a, b) => a.at - b.at || a.value.localeCompare(b.value));
  for (const model of oldestFirst) {
    if (total <= budget) break;
    if (keep.has(model.value)) continue;
    evicted.push(model.value);
    total -= model.bytes;
  }
  return evicted;
}

/** The budget: MODEL_BUDGET_BYTES, or half of the site's quota when that is less. */
export async function modelBudget(): Promise<number> {
  const forced = budgetSwitch();
  if (forced !== undefined) return forced;
  try {
    const { quota } = await withDeadline(navigator.storage.estimate(), STORAGE_DEADLINE_MS);
    return quota ? Math.min(MODEL_BUDGET_BYTES, quota / 2) : MODEL_BUDGET_BYTES;
  } catch {
    return MODEL_BUDGET_BYTES;
  }
}

/** One change of the use record at a time: stores of 全部试戴 come a dozen at once. */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => {});
  return next;
}

async function note(value: string, bytes: number): Promise<void> {
  const use = await loadModelUse();
  use[value] = { at: Date.now(), bytes };
  await saveModelUse(use);
}

/** Notes that `value`, `bytes` long, was just worn from storage (never fails: a note is lost). */
export function noteModelUse(value: string, bytes: number): void {
  serial(() => note(value, bytes)).catch((error: unknown) => console.warn('model use', error));
}

/**
 * Stores a model with `put` and notes it as just used, in one step of the queue: a makeRoom
 * between the two would find a stored model of unknown age and take it for the oldest.
 */
export function storeNoted(
  value: string,
  bytes: number,
  put: () => Promise<boolean>,
): Promise<boolean> {
  return serial(async () => {
    const stored = await put();
    if (stored) await note(value, bytes);
    return stored;
  });
}

async function storedUse(use: ModelUseMap): Promise<StoredModelUse[]> {
  const values = [...(await storedKeys())].filter(isModelValue);
  return Promise.all(
    values.map(async (value) => ({
      value,
      at: use[value]?.at ?? 0,
      bytes: use[value]?.bytes ?? (await getBlob(value))?.size ?? 0,
    })),
  );
}

export interface Cleared {
  values: string[];
  bytes: number;
}

/**
 * Clears the least recently worn stored models until the rest fit the budget, never the ones in
 * `keep` nor a 收藏. Returns what was cleared (the caller says so). Only a model's stored copy
 * goes (its next wear downloads it again); its 收藏 mark and everything else stay. A key list
 * that cannot be read counts as holding nothing, so it clears nothing.
 */
export function makeRoom(keep: readonly string[]): Promise<Cleared> {
  return serial(async () => {
    const [use, favourites, budget] = await Promise.all([
      loadModelUse(),
      loadFavourites(),
      modelBudget(),
    ]);
    const stored = await storedUse(use);
    const evicted = chooseEvictions(stored, budget, new Set([...keep, ...favourites]));
    if (evicted.length === 0) return { values: [], bytes: 0 };
    const size = new Map(stored.map((model) => [model.value, model.bytes]));
    for (const value of evicted) {
      await deleteKey(value);
      delete use[value];
    }
    await saveModelUse(use);
    return { values: evicted, bytes: evicted.reduce((sum, v) => sum + (size.get(v) ?? 0), 0) };
  });
}
