import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../components/toast';
import type { TryOnEngine } from '../engine/try-on-engine';
import { t } from '../i18n';
import { selectedModelAtom } from '../state/atoms';
import { BUILT_IN, loadCatalogue } from './catalogue-source';
import type { CatalogueEntry } from './manifest';
import { downloadModel, forgetModel, readModel } from './model-files';
import { loadStatuses, saveStatuses, type ModelStatus, type StatusMap } from './model-status';

export interface CellState {
  entry: CatalogueEntry;
  status: ModelStatus;
  /** 0..1 while downloading. */
  progress: number;
  failed: boolean;
  selected: boolean;
}

/** The grid's state and the spec's tap rules (§4 "Selecting a model"). */
export function useCatalogue(engine: TryOnEngine | null, active: boolean) {
  const [entries, setEntries] = useState<CatalogueEntry[]>(BUILT_IN);
  const [statuses, setStatuses] = useState<StatusMap>({});
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [failed, setFailed] = useState<Record<string, boolean>>({});
  const [selected, setSelected] = useAtom(selectedModelAtom);
  const statusRef = useRef<StatusMap>({});
  const tapToken = useRef(0);
  const toast = useToast();

  useEffect(() => {
    void loadCatalogue().then(setEntries);
    void loadStatuses().then((map) => {
      statusRef.current = { ...map, ...statusRef.current };
      setStatuses(statusRef.current);
    });
  }, []);

  const setStatus = useCallback((value: string, status: ModelStatus) => {
    statusRef.current = { ...statusRef.current, [value]: status };
    setStatuses(statusRef.current);
    void saveStatuses(statusRef.current);
  }, []);

  const apply = useCallback(
    async (entry: CatalogueEntry, token: number) => {
      const stored = await readModel(entry);
      if (!stored) throw new Error('model missing from storage');
      if (!engine || token !== tapToken.current) return;
      try {
        await engine.setGlasses({ id: entry.value, ...stored });
      } catch (error) {
        // A model that will not parse: say so, forget it, and let the next tap fetch it again.
        console.error('model parse failure', entry.value, error);
        await forgetModel(entry);
        setStatus(entry.value, 'not-downloaded');
        toast(t('glassesLoadFailed'));
        return;
      }
      setSelected(entry.value);
    },
    [engine, setSelected, setStatus, toast],
  );

  const tap = useCallback(
    async (entry: CatalogueEntry) => {
      if (!active || !engine) {
        toast(t('openCameraOrVideo'));
        return;
      }
      const status = statusRef.current[entry.value] ?? 'not-downloaded';
      if (selected === entry.value || status === 'downloading') return;
      const token = ++tapToken.current;
      if (status !== 'downloaded') {
        setStatus(entry.value, 'downloading');
        setFailed((f) => ({ ...f, [entry.value]: false }));
        try {
          await downloadModel(entry, (f) => setProgress((p) => ({ ...p, [entry.value]: f })));
          setStatus(entry.value, 'downloaded');
        } catch (error) {
          // Reverts silently as the original did; the cell shows that a retry is possible.
          console.error(t('downloadFailed', { status: String(error) }), error);
          setStatus(entry.value, 'not-downloaded');
          setFailed((f) => ({ ...f, [entry.value]: true }));
          return;
        } finally {
          setProgress((p) => ({ ...p, [entry.value]: 0 }));
        }
      }
      await apply(entry, token).catch((error: unknown) => {
        console.error(error);
        setStatus(entry.value, 'not-downloaded');
      });
    },
    [active, engine, selected, apply, setStatus, toast],
  );

  // Cancel effect (the control bar) clears the selection: a load still under way must not land.
  useEffect(() => {
    if (selected === null) tapToken.current++;
  }, [selected]);

  // A restarted engine starts bare: dress it again with the selected model.
  const lastEngine = useRef<TryOnEngine | null>(null);
  useEffect(() => {
    if (!engine || engine === lastEngine.current) return;
    lastEngine.current = engine;
    const entry = entries.find((e) => e.value === selected);
    if (entry) void apply(entry, tapToken.current).catch(() => setSelected(null));
  }, [engine, entries, selected, apply, setSelected]);

  const cells: CellState[] = entries.map((entry) => ({
    entry,
    status: statuses[entry.value] ?? 'not-downloaded',
    progress: progress[entry.value] ?? 0,
    failed: failed[entry.value] ?? false,
    selected: selected === entry.value,
  }));
  return { cells, tap };
}
