import { useEffect, useState } from 'react';
import { t } from '../i18n';
import { useToast } from '../state/toast';
import { BUILT_IN, loadCatalogue } from './catalogue-source';
import type { CatalogueEntry } from './manifest';

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
    void loadCatalogue().then(({ entries, unusable, skipped }) => {
      if (!live) return;
      setEntries(entries);
      setSettled(true);
      if (unusable) toast(t('catalogueUnusable'));
      else if (skipped > 0) toast(t('catalogueSkipped', { count: String(skipped) }));
    });
    return () => {
      live = false;
    };
  }, [toast]);
  return { entries, settled };
}
