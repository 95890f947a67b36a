import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { TOAST_MS } from '../shared/constants';
import { toastAtom } from '../state/atoms';

let nextId = 1;

/** Shows a short message for TOAST_MS (2000 ms by default). */
export function useToast() {
  const set = useSetAtom(toastAtom);
  return useCallback(
    (text: string, durationMs = TOAST_MS) => set({ text, id: nextId++, durationMs }),
    [set],
  );
}

export function Toast() {
  const toast = useAtomValue(toastAtom);
  const set = useSetAtom(toastAtom);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(
      () => set((current) => (current?.id === toast.id ? null : current)),
      toast.durationMs,
    );
    return () => clearTimeout(timer);
  }, [toast, set]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast ? (
        <div className="toast" key={toast.id}>
          {toast.text}
        </div>
      ) : null}
    </div>
  );
}
