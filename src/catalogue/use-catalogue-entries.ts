import { useEffect, useState } from 'react';
import { t } from '../i18n';
import { useToast } from '../state/toast';
import { BUILT_IN, takeCatalogue } from './catalogue-source';
import { MAX_ENTRIES, type CatalogueEntry } from './manifest';

/**
 * The grid's entries: the built-in list at once, the shop's once its manifest has loaded
 * (`settled`: whichever it is to be); a manifest that cannot be used, or entries left out of it,
 * are said in a toast.
 */
export function useCatalogueEntries(): { entries: CatalogueEntry[]; settled: boolean } {
  const [entries, setEntries] = useState<CatalogueEntry[]>(BUILT_IN);
  const [settled, setSettled] = useState(false);
  const toast = useToast();
  useEffect(() => {
    let live = true;
    void takeCatalogue().then(({ entries, unusable, skipped, overLimit }) => {
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
