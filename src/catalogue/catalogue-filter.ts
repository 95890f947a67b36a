import type { CatalogueEntry } from './manifest';

/** What the grid is narrowed to: words to find, and 只看收藏. Kept in the page's address. */
export interface CatalogueFilter {
  query: string;
  onlyFavourites: boolean;
}

/** The address's parameters: a shop can link to a narrowed view (`/home?q=圆&fav=1`). */
export const QUERY_PARAM = 'q';
export const FAVOURITES_PARAM = 'fav';
/** Longer than any name a manifest holds (manifest.ts's MAX_TEXT): not read further. */
export const MAX_QUERY_LENGTH = 60;

export const NO_FILTER: CatalogueFilter = { query: '', onlyFavourites: false };

export function readFilter(search: string): CatalogueFilter {
  const params = new URLSearchParams(search);
  return {
    query: (params.get(QUERY_PARAM) ?? '').slice(0, MAX_QUERY_LENGTH),
    onlyFavourites: params.get(FAVOURITES_PARAM) === '1',
  };
}

/** `search` with the filter written in (or taken out when empty); other parameters kept. */
export function writeFilter(search: string, filter: CatalogueFilter): string {
  const params = new URLSearchParams(search);
  const query = filter.query.slice(0, MAX_QUERY_LENGTH);
  if (query.trim()) params.set(QUERY_PARAM, query);
  else params.delete(QUERY_PARAM);
  if (filter.onlyFavourites) params.set(FAVOURITES_PARAM, '1');
  else params.delete(FAVOURITES_PARAM);
  return params.toString();
}

/** Full-width letters and digits as half-width, one case: `ＡＢ１` finds `ab1`. */
const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase('zh-CN');

/** The words of a query; an entry matches when it holds every one. */
export function queryWords(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

const folded = new WeakMap<CatalogueEntry, string>();

/** What a query is looked for in: the name, the number and the file's name (kept per entry). */
export function searchText(entry: CatalogueEntry): string {
  let text = folded.get(entry);
  if (text === undefined) {
    text = fold(`${entry.serialNo} ${entry.text} ${entry.value.split('/').pop() ?? ''}`);
    folded.set(entry, text);
  }
  return text;
}

export function isNarrowed(filter: CatalogueFilter): boolean {
  return filter.onlyFavourites || queryWords(filter.query).length > 0;
}

/**
 * The items whose entries match, in their order. `favourites` null (still being read) with
 * 只看收藏 on shows none rather than all.
 */
export function narrow<T extends { entry: CatalogueEntry }>(
  items: readonly T[],
  filter: CatalogueFilter,
  favourites: readonly string[] | null,
): T[] {
  const words = queryWords(filter.query);
  const kept = new Set(favourites ?? []);
  return items.filter(
    ({ entry }) =>
      (!filter.onlyFavourites || kept.has(entry.value)) &&
      (words.length === 0 || words.every((word) => searchText(entry).includes(word))),
  );
}
