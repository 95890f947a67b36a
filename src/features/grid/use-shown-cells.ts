import { useEffect, useMemo } from 'react';
import type { CatalogueEntry } from '../../catalogue/manifest';
import type { SizeFit } from '../true-size/size-advice';
import { narrow, searchText, type CatalogueFilter } from './catalogue-filter';
import { groupColours, type ModelOfColours } from './colour-groups';

/** Entries whose search text is made in one task: well under a millisecond each slice. */
export const WARM_SLICE = 500;

interface Cell {
  entry: CatalogueEntry;
  selected: boolean;
}

/**
 * The grid's cells: those the filter keeps, one per model in the colour chosen on it. Made again
 * when the cells, the filter, the 收藏, the chosen colours or (with 只看合适尺寸 on) the size
 * verdicts change, not at the page's other renders (its camera, a toast, a recording). Each
 * entry's search text is made ahead, a slice a task once the shop's entries are in, so that the
 * first key typed into 搜索 does not make them all (搜索 p95, `npm run bench -- --catalogue-only`).
 */
export function useShownCells<T extends Cell>(
  entries: readonly CatalogueEntry[],
  cells: readonly T[],
  filter: CatalogueFilter,
  favourites: readonly string[] | null,
  fits: ReadonlyMap<string, SizeFit> | null,
  chosenColours: Readonly<Record<string, string>>,
): ModelOfColours<T>[] {
  useEffect(() => {
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = () => {
      const end = Math.min(entries.length, next + WARM_SLICE);
      for (; next < end; next++) searchText(entries[next]!);
      if (next < entries.length) timer = setTimeout(slice);
    };
    timer = setTimeout(slice);
    return () => clearTimeout(timer);
  }, [entries]);
  // The verdicts narrow nothing unless 只看合适尺寸 is on (catalogue-filter.ts).
  const bySize = filter.onlyFits ? fits : null;
  const narrowed = useMemo(
    () => narrow(cells, filter, favourites, bySize),
    [cells, filter, favourites, bySize],
  );
  return useMemo(() => groupColours(narrowed, chosenColours), [narrowed, chosenColours]);
}
