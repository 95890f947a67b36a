import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { toastAtom } from '../state/atoms';

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
