import { useStore } from 'jotai';
import { useCallback } from 'react';
import { t } from '../i18n';
import { selectedModelAtom } from '../state/atoms';
import { useToast } from '../state/toast';
import { makeRoom } from './model-budget';
import type { ModelStatus } from './model-status';

/**
 * After each store, the stored models are kept within their budget (model-budget.ts), never the
 * one just stored nor the one worn at that moment; each cleared cell shows it is not stored any
 * more, and a toast says how many went and how much room that made.
 */
export function useModelBudget(
  setStatus: (value: string, status: ModelStatus) => void,
): (stored: string) => void {
  const toast = useToast();
  const store = useStore();
  return useCallback(
    (stored: string) => {
      const worn = store.get(selectedModelAtom);
      const keep = [stored, ...(worn ? [worn] : [])];
      void makeRoom(keep)
        .then(({ values, bytes }) => {
          if (values.length === 0) return;
          for (const cleared of values) setStatus(cleared, 'not-downloaded');
          const mb = (bytes / (1024 * 1024)).toFixed(1);
          toast(t('modelsCleared', { count: values.length, mb }));
        })
        .catch((error: unknown) => console.warn('stored models not kept within budget', error));
    },
    [setStatus, toast, store],
  );
}
