import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readFilter, writeFilter, type CatalogueFilter } from './catalogue-filter';

/**
 * The grid's filter, read from and written to the page's address (replacing the history entry,
 * so Back leaves the page rather than undoing each keystroke).
 */
export function useCatalogueFilter(): {
  filter: CatalogueFilter;
  setFilter: (change: Partial<CatalogueFilter>) => void;
} {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filter = useMemo(() => readFilter(search), [search]);
  const setFilter = useCallback(
    (change: Partial<CatalogueFilter>) => {
      const next = writeFilter(search, { ...filter, ...change });
      navigate(next ? `${location}?${next}` : location, { replace: true });
    },
    [search, filter, location, navigate],
  );
  return { filter, setFilter };
}
