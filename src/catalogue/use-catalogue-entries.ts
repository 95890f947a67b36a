import { useEffect, useState } from 'react';
import { t } from '../i18n';
import { useToast } from '../state/toast';
import {
  arrivedCatalogue,
  BUILT_IN,
  takeCatalogue,
  type LoadedCatalogue,
} from './catalogue-source';
import { MAX_ENTRIES, type CatalogueEntry } from './manifest';

/**
 * The grid's entries: the shop's at once if its manifest is in already (arrivedCatalogue), else
 * the built-in list until it has loaded (`settled`: whichever it is to be); a manifest that cannot
 * be used, or entries left out of it, are said in a toast.
 */
export function useCatalogueEntries(): { entries: CatalogueEntry[]; settled: boolean } {
  const [loaded, setLoaded] = useState<LoadedCatalogue | null>(arrivedCatalogue);
  const toast = useToast();
  useEffect(() => {
    let live = true;
    // The list shown already comes back as the same object: no second render for it.
    void takeCatalogue().then((catalogue) => {
      if (!live) return;
      setLoaded(catalogue);
      const { unusable, skipped, overLimit } = catalogue;
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
  return { entries: loaded?.entries ?? BUILT_IN, settled: loaded !== null };
}
