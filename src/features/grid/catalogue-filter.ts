import { modelPath, type CatalogueEntry } from '../../catalogue/manifest';
import type { StringKey } from '../../i18n';
import { en } from '../../i18n/en';
import { zhCN } from '../../i18n/zh-CN';
import { RIM_WORDS, SHAPE_WORDS } from './facet-words';
import type { SizeFit } from '../true-size/size-advice';

/** The facets 筛选 offers: one value each, '' for any. */
export const FACETS = ['shape', 'rim', 'material', 'colour', 'gender', 'ageGroup'] as const;
export type Facet = (typeof FACETS)[number];

/**
 * What the grid is narrowed to: words to find, facets, a price range (元), 只看收藏 and 只看合适尺寸
 * (the frames whose front suits the measured face). Kept in the page's address.
 */
export interface CatalogueFilter extends Record<Facet, string> {
  query: string;
  onlyFavourites: boolean;
  onlyFits: boolean;
  priceMin: number | null;
  priceMax: number | null;
}

/** The address's parameters: a shop can link to a narrowed view (`/home?q=钛&shape=round`). */
const PARAMS = {
  query: 'q',
  onlyFavourites: 'fav',
  onlyFits: 'fit',
  priceMin: 'pmin',
  priceMax: 'pmax',
} as const;
/** Longer than any name a manifest holds (manifest.ts's MAX_TEXT): not read further. */
export const MAX_QUERY_LENGTH = 60;
const MAX_FACET_LENGTH = 20;

export const NO_FILTER: CatalogueFilter = {
  query: '',
  onlyFavourites: false,
  onlyFits: false,
  shape: '',
  rim: '',
  material: '',
  colour: '',
  gender: '',
  ageGroup: '',
  priceMin: null,
  priceMax: null,
};

const price = (value: string | null): number | null => {
  const n = value === null || value === '' ? NaN : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

export function readFilter(search: string): CatalogueFilter {
  const params = new URLSearchParams(search);
  const filter: CatalogueFilter = {
    ...NO_FILTER,
    query: (params.get(PARAMS.query) ?? '').slice(0, MAX_QUERY_LENGTH),
    onlyFavourites: params.get(PARAMS.onlyFavourites) === '1',
    onlyFits: params.get(PARAMS.onlyFits) === '1',
    priceMin: price(params.get(PARAMS.priceMin)),
    priceMax: price(params.get(PARAMS.priceMax)),
  };
  for (const facet of FACETS) filter[facet] = (params.get(facet) ?? '').slice(0, MAX_FACET_LENGTH);
  return filter;
}

/** `search` with the filter written in (what is unset taken out); other parameters kept. */
export function writeFilter(search: string, filter: CatalogueFilter): string {
  const params = new URLSearchParams(search);
  const put = (name: string, value: string) =>
    value ? params.set(name, value) : params.delete(name);
  put(PARAMS.query, filter.query.trim() ? filter.query.slice(0, MAX_QUERY_LENGTH) : '');
  put(PARAMS.onlyFavourites, filter.onlyFavourites ? '1' : '');
  put(PARAMS.onlyFits, filter.onlyFits ? '1' : '');
  put(PARAMS.priceMin, filter.priceMin === null ? '' : String(filter.priceMin));
  put(PARAMS.priceMax, filter.priceMax === null ? '' : String(filter.priceMax));
  for (const facet of FACETS) put(facet, filter[facet].slice(0, MAX_FACET_LENGTH));
  return params.toString();
}

/** Anything but printable ASCII, which NFKC leaves as it is. */
const BEYOND_ASCII = /[^ -~]/;
/**
 * Full-width letters and digits as half-width, one case: `ＡＢ１` finds `ab1`. Lower case without
 * a locale: only Turkish, Azeri and Lithuanian have their own rules, and a locale's rules cost 5–8×
 * as much, which a shop's 5 000 entries paid on the first key typed (搜索 p95, `npm run bench --
 * --catalogue-only`).
 */
const fold = (text: string) =>
  (BEYOND_ASCII.test(text) ? text.normalize('NFKC') : text).toLowerCase();

/** The words of a query; an entry matches when it holds every one. */
export function queryWords(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

const folded = new WeakMap<CatalogueEntry, string>();

/** A closed list's value as its key and as 筛选 words it in each language; '' for none. */
const closedWords = (words: Record<string, StringKey>, key: string | undefined): string =>
  key === undefined || !Object.hasOwn(words, key)
    ? ''
    : `${key} ${zhCN[words[key]!]} ${en[words[key]!]}`;

/**
 * What a query is looked for in (kept): number, names in both languages, file name, brand, model,
 * colour, tags, material, and shape and rim as the manifest and 筛选 write them (`半框` and
 * `half rim` find the half-rimmed frames whatever their names say).
 */
export function searchText(entry: CatalogueEntry): string {
  let text = folded.get(entry);
  if (text === undefined) {
    const file = modelPath(entry).split('/').pop() ?? '';
    const { brand = '', model = '', tags = [], group = '', colour = '', material = '' } = entry;
    const names = [entry.serialNo, entry.text, entry.textEn ?? '', file, brand, model, group];
    const kinds = [
      closedWords(SHAPE_WORDS, entry.shape),
      closedWords(RIM_WORDS, entry.rim),
      material,
    ];
    text = fold([...names, colour, ...kinds, ...tags].join(' '));
    folded.set(entry, text);
  }
  return text;
}

export function isNarrowed(filter: CatalogueFilter): boolean {
  return (
    filter.onlyFavourites ||
    filter.onlyFits ||
    queryWords(filter.query).length > 0 ||
    FACETS.some((facet) => filter[facet] !== '') ||
    filter.priceMin !== null ||
    filter.priceMax !== null
  );
}

/**
 * Whether `entry` is within the filter's facets (`chosen`: those the filter sets) and price range
 * (a range hides unpriced frames).
 */
function withinFacets(
  entry: CatalogueEntry,
  filter: CatalogueFilter,
  chosen: readonly Facet[],
): boolean {
  if (chosen.some((facet) => entry[facet] !== filter[facet])) return false;
  if (filter.priceMin === null && filter.priceMax === null) return true;
  const { price } = entry;
  return (
    price !== undefined &&
    (filter.priceMin === null || price >= filter.priceMin) &&
    (filter.priceMax === null || price <= filter.priceMax)
  );
}

/**
 * The items whose entries match, in their order. `favourites` null (still being read) with
 * 只看收藏 on shows none rather than all. `fits` is each frame's size verdict once the face is
 * measured; before (null), 只看合适尺寸 narrows nothing and the grid says it waits for the face.
 */
export function narrow<T extends { entry: CatalogueEntry }>(
  items: readonly T[],
  filter: CatalogueFilter,
  favourites: readonly string[] | null,
  fits: ReadonlyMap<string, SizeFit> | null = null,
): T[] {
  const words = queryWords(filter.query);
  const kept = new Set(favourites ?? []);
  const bySize = filter.onlyFits && fits !== null;
  const chosen = FACETS.filter((facet) => filter[facet] !== '');
  return items.filter(
    ({ entry }) =>
      (!filter.onlyFavourites || kept.has(entry.value)) &&
      (!bySize || fits.get(entry.value) === 'fits') &&
      withinFacets(entry, filter, chosen) &&
      (words.length === 0 || words.every((word) => searchText(entry).includes(word))),
  );
}

/**
 * 筛选's lists: each facet's values in the catalogue, in its order, each with the count of models
 * (a colour group once, as 共 N 款 counts them) that choosing it would show, the rest of the
 * filter as it stands. A value the rest leaves no model of is still offered, at 0.
 */
export function facetCounts(
  entries: readonly CatalogueEntry[],
  filter: CatalogueFilter,
  favourites: readonly string[] | null,
  fits: ReadonlyMap<string, SizeFit> | null = null,
): Record<Facet, Map<string, number>> {
  const items = entries.map((entry) => ({ entry }));
  const counts = {} as Record<Facet, Map<string, number>>;
  for (const facet of FACETS) {
    const models = new Map<string, Set<string>>();
    for (const entry of entries) {
      const value = entry[facet];
      if (value && !models.has(value)) models.set(value, new Set());
    }
    for (const { entry } of narrow(items, { ...filter, [facet]: '' }, favourites, fits)) {
      const value = entry[facet];
      if (!value) continue;
      // A group's name and a frame's file are told apart by the prefix.
      models.get(value)!.add(entry.group === undefined ? `f:${entry.value}` : `g:${entry.group}`);
    }
    counts[facet] = new Map([...models].map(([value, kept]) => [value, kept.size]));
  }
  return counts;
}
