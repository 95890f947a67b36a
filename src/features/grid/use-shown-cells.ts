import { useEffect, useMemo } from 'react';
import type { CatalogueEntry } from '../../catalogue/manifest';
import type { SizeFit } from '../true-size/size-advice';
import { narrow, searchText, type CatalogueFilter } from './catalogue-filter';
import { groupColours, type ModelOfColours } from './colour-groups';

/** Entries whose search text is made in one task: well under a millisecond each slice. */
const WARM_SLICE = 500;

interface Cell {
  entry: CatalogueEntry;
  selected: boolean;
}

/**
 * The grid's cells: those the filter keeps, one per model in the colour chosen on it. Made again
 * only when one of these changes, not at each render of the page (a shop's thousands of cells).
 * Each entry's search text is made ahead, a slice a task once the cells are in, so that the first
 * key typed into 搜索 does not make them all (搜索 p95, `npm run bench -- --catalogue-only`).
 */
export function useShownCells<T extends Cell>(
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
      const end = Math.min(cells.length, next + WARM_SLICE);
      for (; next < end; next++) searchText(cells[next]!.entry);
      if (next < cells.length) timer = setTimeout(slice);
    };
    timer = setTimeout(slice);
    return () => clearTimeout(timer);
  }, [cells]);
  const narrowed = useMemo(
    () => narrow(cells, filter, favourites, fits),
    [cells, filter, favourites, fits],
  );
  return useMemo(() => groupColours(narrowed, chosenColours), [narrowed, chosenColours]);
}
