import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import type { TryOnEngine } from '../engine/try-on-engine';
import { t } from '../i18n';
import { selectedModelAtom } from '../state/atoms';
import { useToast } from '../state/toast';
import type { CatalogueEntry } from './manifest';
import { readModel, type StoredModel } from './model-files';
import type { WearOutcome } from './use-wear';
import { frameName } from './frame-name';

/**
 * A restarted engine starts bare: it is dressed again with the selected model, read from storage.
 * A copy that cannot be read back is said (as on a tap); either way the cell stops showing a
 * frame that is not on the face.
 */
export function useDressAgain(
  engine: TryOnEngine | null,
  entries: readonly CatalogueEntry[],
  selected: string | null,
  wear: (entry: CatalogueEntry, model: StoredModel, signal: AbortSignal) => Promise<WearOutcome>,
  nextTap: () => AbortSignal,
): void {
  const setSelected = useSetAtom(selectedModelAtom);
  const toast = useToast();
  const lastEngine = useRef<TryOnEngine | null>(null);
  useEffect(() => {
    if (!engine || engine === lastEngine.current) return;
    lastEngine.current = engine;
    const entry = entries.find((e) => e.value === selected);
    if (!entry) return;
    const unreadable = () => toast(t('storedUnreadable', { name: frameName(entry) }));
    void readModel(entry, unreadable)
      .then(async (stored) => {
        if (!stored || !(await wear(entry, stored, nextTap())).report) setSelected(null);
      })
      .catch(() => setSelected(null));
  }, [engine, entries, selected, wear, nextTap, setSelected, toast]);
}
