import { useCallback, useEffect, useRef, useState } from 'react';
import type { CatalogueEntry } from './manifest';
import { saveStatuses, storedStatuses, type ModelStatus, type StatusMap } from './model-status';

/**
 * Each cell's status (downloaded, downloading, not downloaded): read from storage for `entries`,
 * with what this page did since (downloads under way or just stored, a damaged copy dropped)
 * kept on top, and every change saved.
 */
export function useModelStatuses(entries: readonly CatalogueEntry[]) {
  const [statuses, setStatuses] = useState<StatusMap>({});
  const statusRef = useRef<StatusMap>({});
  const touched = useRef(new Set<string>());

  useEffect(() => {
    let live = true;
    void storedStatuses(entries.map((e) => e.value)).then((stored) => {
      if (!live) return;
      const own = [...touched.current].map((value) => [value, statusRef.current[value]]);
      statusRef.current = { ...stored, ...Object.fromEntries(own) };
      setStatuses(statusRef.current);
    });
    return () => {
      live = false;
    };
  }, [entries]);

  const setStatus = useCallback((value: string, status: ModelStatus) => {
    touched.current.add(value);
    statusRef.current = { ...statusRef.current, [value]: status };
    setStatuses(statusRef.current);
    void saveStatuses(statusRef.current);
  }, []);
  /** The status now, set in this render or not (a tap reads it before the next render). */
  const statusOf = useCallback(
    (value: string): ModelStatus => statusRef.current[value] ?? 'not-downloaded',
    [],
  );
  return { statuses, statusOf, setStatus };
}
