import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { TOAST_MS } from '../shared/ui-constants';
import { toastAtom } from './atoms';

let nextId = 1;

/** Shows a short message for TOAST_MS (2000 ms by default). */
export function useToast() {
  const set = useSetAtom(toastAtom);
  return useCallback(
    (text: string, durationMs = TOAST_MS) => set({ text, id: nextId++, durationMs }),
    [set],
  );
}

/** Takes down the message on show now if it is one of `texts` (what it said no longer holds). */
export function useDismissToast() {
  const set = useSetAtom(toastAtom);
  return useCallback(
    (texts: readonly string[]) =>
      set((current) => (current && texts.includes(current.text) ? null : current)),
    [set],
  );
}
