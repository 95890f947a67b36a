import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n';
import { useToast } from '../state/toast';
import { BUILT_IN, catalogueIfIn, takeCatalogue, type LoadedCatalogue } from './catalogue-source';
import { MAX_ENTRIES, type CatalogueEntry } from './manifest';

/**
 * The grid's entries: the built-in list at once, the shop's once its manifest has loaded
 * (`settled`: whichever it is to be), or the shop's from the first render if its early read is in
 * by then; a manifest that cannot be used, or entries left out of it, are said in a toast.
 */
export function useCatalogueEntries(): { entries: CatalogueEntry[]; settled: boolean } {
  const [entries, setEntries] = useState<CatalogueEntry[]>(
    () => catalogueIfIn()?.entries ?? BUILT_IN,
  );
  const [settled, setSettled] = useState(() => catalogueIfIn() !== null);
  const toast = useToast();
  // One read a mount: StrictMode's second run of the effect (development) shares the first's.
  const read = useRef<Promise<LoadedCatalogue> | null>(null);
  useEffect(() => {
    let live = true;
    read.current ??= takeCatalogue();
    void read.current.then(({ entries, unusable, skipped, overLimit }) => {
      if (!live) return;
      setEntries(entries);
      setSettled(true);
      const said = [
        overLimit > 0
          ? t('catalogueOverLimit', { count: String(overLimit), max: String(MAX_ENTRIES) })
          : '',
        skipped > 0 ? t('catalogueSkipped', { count: String(skipped) }) : '',
      ].filter(Boolean);
      if (unusable) toast(t('catalogueUnusable'));
      else if (said.length > 0) toast(said.join(' '));
    });
    return () => {
      live = false;
    };
  }, [toast]);
  return { entries, settled };
}
