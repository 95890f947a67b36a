import { FAVOURITES_MAX, KEY_FAVOURITES } from '../shared/storage-constants';
import { getJson, putJson } from './model-db';

/**
 * The frames marked 收藏, kept in ModelDB (`favourites`: `{ version: 1, values: string[] }`,
 * catalogue values, oldest first), so they survive a reload and work offline. What is read back
 * is checked: a record that is not this shape counts as none, and each value that is not a
 * plausible catalogue value is dropped on its own; nothing else stored is touched.
 */
export function parseFavourites(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return [];
  const { version, values } = data as { version?: unknown; values?: unknown };
  if (version !== 1 || !Array.isArray(values)) return [];
  const kept = new Set<string>();
  for (const value of values) {
    if (typeof value === 'string' && value.length > 0 && value.length <= 500) kept.add(value);
  }
  return [...kept].slice(-FAVOURITES_MAX);
}

export async function loadFavourites(): Promise<string[]> {
  return parseFavourites(await getJson(KEY_FAVOURITES));
}

/** False when storage refused the write (kept in memory for this page only). */
export function saveFavourites(values: readonly string[]): Promise<boolean> {
  return putJson(KEY_FAVOURITES, {
    version: 1,
    values: [...new Set(values)].slice(-FAVOURITES_MAX),
  });
}
