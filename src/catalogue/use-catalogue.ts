import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../state/toast';
import type { TryOnEngine } from '../engine/try-on-engine';
import { t } from '../i18n';
import { DownloadError } from '../shared/checked-fetch';
import { fittedFramesAtom, selectedModelAtom } from '../state/atoms';
import { glassesMessage, storedUnworn } from './glasses-message';
import { useLinkedGlasses, type LinkRequest } from './use-linked-glasses';
import { useCatalogueEntries } from './use-catalogue-entries';
import { useModelBudget } from './use-model-budget';
import type { CatalogueEntry } from './manifest';
import { downloadModel, readModel, storeModel, type StoredModel } from './model-files';
import type { ModelStatus } from './model-status';
import { useModelStatuses } from './use-model-statuses';
import { useDressAgain } from './use-dress-again';
import { useWear, wearTimeoutText, type CellFailure } from './use-wear';
import { frameName } from './frame-name';

export interface CellState {
  entry: CatalogueEntry;
  status: ModelStatus;
  /** 0..1 while downloading. */
  progress: number;
  failure: CellFailure;
  /** What the cell says about the failure, in the user's language. */
  failureText: string | null;
  selected: boolean;
  /** Being put on: loaded into the engine, not on the face yet. */
  wearing: boolean;
  /** The front's width, mm: from the manifest, or from the fit once worn; unknown before. */
  frameWidthMm?: number;
  /** Named by the page's link (`?glasses=`), to be put on once a source is on. */
  linked: boolean;
}

const failureText = (failure: CellFailure): string | null => {
  if (failure === null) return null;
  if (failure === 'download') return t('downloadRetry');
  if (failure === 'timeout') return wearTimeoutText();
  return glassesMessage(failure);
};

/**
 * The grid's state and the tap rules (docs/behaviour.md §4 "Selecting a model"). `starting`: a
 * source is open but waits for the engine; a tap then is kept and put on once it is tracked.
 * `linkRequest`: the frame a shop's link names (`?glasses=`) or its page asks for, put on as
 * soon as a source is tracked, unless a tap chose another first.
 */
export function useCatalogue(
  engine: TryOnEngine | null,
  active: boolean,
  starting: boolean,
  linkRequest: LinkRequest | null = null,
) {
  const { entries, settled } = useCatalogueEntries();
  const { statuses, statusOf, setStatus } = useModelStatuses(entries);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [failures, setFailures] = useState<Record<string, CellFailure>>({});
  const selected = useAtomValue(selectedModelAtom);
  /** The newest tap's work; a later tap (or cancel effect) aborts it: it stops and stores nothing. */
  const tapAbort = useRef<AbortController | null>(null);
  /** The cell tapped while the source waited for the engine. */
  const [pending, setPending] = useState<CatalogueEntry | null>(null);
  const toast = useToast();

  const nextTap = useCallback((): AbortSignal => {
    tapAbort.current?.abort();
    tapAbort.current = new AbortController();
    return tapAbort.current.signal;
  }, []);

  const setFailure = useCallback((value: string, failure: CellFailure) => {
    setFailures((f) => ({ ...f, [value]: failure }));
  }, []);

  const { wear, tellMaterial, wearing } = useWear(engine, setFailure);
  const keepWithinBudget = useModelBudget(setStatus);
  const fitted = useAtomValue(fittedFramesAtom);

  const put = useCallback(
    async (entry: CatalogueEntry) => {
      if (!active || !engine) {
        if (starting) setPending(entry);
        else toast(t('openCameraOrVideo'));
        return;
      }
      const status = statusOf(entry.value);
      if (selected === entry.value || wearing === entry.value || status === 'downloading') return;
      const signal = nextTap();
      const unreadable = () => toast(t('storedUnreadable', { name: frameName(entry) }));
      const stored = status === 'downloaded' ? await readModel(entry, unreadable) : undefined;
      if (stored) {
        // A refusal keeps the copy (storedUnworn): its bytes are the published file's.
        const worn = await wear(entry, stored, signal);
        if (worn.report) tellMaterial(stored, worn.report);
        return;
      }
      setStatus(entry.value, 'downloading');
      setFailure(entry.value, null);
      let model: StoredModel;
      try {
        model = await downloadModel(
          entry,
          (f) => setProgress((p) => ({ ...p, [entry.value]: f })),
          signal,
        );
      } catch (error) {
        setStatus(entry.value, 'not-downloaded');
        // Superseded by a later tap or cancel effect: stopped on purpose, nothing to report.
        if (signal.aborted) return;
        // Reverts silently as the original did; the cell shows that a retry is possible.
        console.error(t('downloadFailed', { status: String(error) }), error);
        // An undeclared file that outgrew the limit is too large, not a network problem.
        const tooLarge = error instanceof DownloadError && error.kind === 'size' && !entry.size;
        setFailure(entry.value, tooLarge ? 'too-large' : 'download');
        return;
      } finally {
        setProgress((p) => ({ ...p, [entry.value]: 0 }));
      }
      // Stored once the worker has worn it, or as storedUnworn says.
      const worn = await wear(entry, model, signal);
      if (worn.report) tellMaterial(model, worn.report);
      const keep = worn.report !== null || (storedUnworn(worn.code) && !signal.aborted);
      const kept = keep && (await storeModel(entry, model));
      setStatus(entry.value, kept ? 'downloaded' : 'not-downloaded');
      if (kept) keepWithinBudget(entry.value);
    },
    [
      active,
      engine,
      starting,
      selected,
      wearing,
      wear,
      nextTap,
      statusOf,
      setStatus,
      setFailure,
      toast,
      tellMaterial,
      keepWithinBudget,
    ],
  );

  const ready = active && engine !== null;
  const link = useLinkedGlasses({ entries, settled, request: linkRequest, ready, put });
  const dropLink = link.drop;
  const tap = useCallback(
    (entry: CatalogueEntry) => {
      // A tap that is taken (now, or once the waiting source is tracked) is the person's choice.
      if (ready || starting) dropLink();
      return put(entry);
    },
    [put, ready, starting, dropLink],
  );

  // The kept tap goes on once the source is tracked, and is dropped if the source stops first.
  // Settled after this render, so the tap runs with the source's new state.
  useEffect(() => {
    const ready = active && engine !== null;
    if (!pending || (!ready && starting)) return;
    let live = true;
    queueMicrotask(() => {
      if (!live) return;
      setPending(null);
      if (ready) void put(pending);
    });
    return () => {
      live = false;
    };
  }, [pending, active, engine, starting, put]);

  // Cancel effect (the control bar) clears the selection: a load still under way stops.
  useEffect(() => {
    if (selected === null) tapAbort.current?.abort();
  }, [selected]);

  useDressAgain(engine, entries, selected, wear, nextTap);

  // One array per change of what the cells show, not per render: the page's size advice selects
  // from the stats by it (use-size-advice.ts), and a new array each render would make a new
  // selection each render, re-rendering the page without end once the face is measured
  // (`npm run bench -- --against`: drawn and tracked rates).
  const waitingFor = link.waitingFor;
  const cells = useMemo(
    (): CellState[] =>
      entries.map((entry) => {
        const failure = failures[entry.value] ?? null;
        const frameWidthMm = entry.frameWidthMm ?? fitted[entry.value]?.widthMm;
        return {
          entry,
          status: statuses[entry.value] ?? 'not-downloaded',
          progress: progress[entry.value] ?? 0,
          failure,
          failureText: failureText(failure),
          selected: selected === entry.value,
          wearing: wearing === entry.value || pending?.value === entry.value,
          linked: waitingFor === entry.value,
          ...(frameWidthMm !== undefined ? { frameWidthMm } : {}),
        };
      }),
    [entries, failures, fitted, statuses, progress, selected, wearing, pending, waitingFor],
  );
  /** A model stored elsewhere (全部试戴 downloaded it): its cell shows it downloaded. */
  const markStored = useCallback(
    (value: string) => {
      setStatus(value, 'downloaded');
      keepWithinBudget(value);
    },
    [setStatus, keepWithinBudget],
  );
  return { cells, entries, tap, link: link.state, markStored };
}
