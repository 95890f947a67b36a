import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TryOnEngine } from '../../engine/try-on-engine';
import { t } from '../../i18n';
import { parseFrameSize } from '../../shared/glasses-types';
import { TRY_ALL_BATCH, TRY_ALL_COUNTDOWN_S } from '../../shared/ui-constants';
import { fittedFramesAtom, fittedFrameOf } from '../../state/atoms';
import type { CatalogueEntry } from '../../catalogue/manifest';
import {
  downloadModel,
  readModel,
  storeModel,
  type StoredModel,
} from '../../catalogue/model-files';
import { waiting, type TryAllCell, type TryAllView } from './try-all-view';

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * 全部试戴: one picture (a live camera's after a countdown, else the one shown) drawn by the engine
 * with the frames of `entries` (those the grid is narrowed to), TRY_ALL_BATCH at a time and one
 * at a time: the stored ones first, then those to download (with progress; kept once drawn, like
 * a tap's); `more` goes on with the next batch. It never sets out to fetch a whole shop. Closing stops it: the download under way is
 * aborted and the engine lets the picture go. `onStored` hears each model stored here.
 */
export function useTryAll(
  engine: TryOnEngine | null,
  entries: readonly CatalogueEntry[],
  onStored: (value: string) => void,
) {
  const [view, setView] = useState<TryAllView | null>(null);
  const setFitted = useSetAtom(fittedFramesAtom);
  const run = useRef<AbortController | null>(null);
  const list = useRef<readonly CatalogueEntry[]>([]);

  const patch = useCallback((value: string, change: Partial<TryAllCell>) => {
    setView(
      (v) =>
        v && {
          ...v,
          cells: v.cells.map((c) => (c.entry.value === value ? { ...c, ...change } : c)),
        },
    );
  }, []);

  const close = useCallback(() => {
    if (!run.current) return;
    run.current.abort();
    run.current = null;
    setView(null);
    void engine?.commands.tryAllEnd().catch(() => {});
  }, [engine]);

  /** Draws one frame on the kept picture; false when it could not be (said on its cell). */
  const drawOne = useCallback(
    async (entry: CatalogueEntry, model: StoredModel, signal: AbortSignal) => {
      if (!engine) return false;
      patch(entry.value, { state: 'drawing' });
      const declared = entry.frameSize ? parseFrameSize(entry.frameSize) : null;
      try {
        const { image, report } = await engine.commands.tryAllRender({
          id: entry.value,
          // A copy crosses to the worker: the caller may still store the original.
          glb: model.glb.slice(0),
          ...(model.materials ? { materials: model.materials } : {}),
          ...(entry.fit ? { fit: entry.fit } : {}),
          ...(declared ? { frameSize: declared } : {}),
        });
        if (!signal.aborted) {
          patch(entry.value, { state: 'done', image, frameWidthMm: report.widthMm });
          setFitted((f) => ({ ...f, [entry.value]: fittedFrameOf(report, f[entry.value]) }));
        }
        return true;
      } catch (error) {
        console.warn('try-all: not drawn', entry.value, error);
        if (!signal.aborted) patch(entry.value, { state: 'failed' });
        return false;
      }
    },
    [engine, patch, setFitted],
  );

  /** Draws `batch` on the kept picture: the stored frames first, then those to download. */
  const drawBatch = useCallback(
    async (batch: readonly CatalogueEntry[], signal: AbortSignal) => {
      const missing: CatalogueEntry[] = [];
      for (const entry of batch) {
        if (signal.aborted) return;
        const stored = await readModel(entry).catch(() => undefined);
        if (stored) await drawOne(entry, stored, signal);
        else missing.push(entry);
      }
      for (const entry of missing) {
        if (signal.aborted) return;
        patch(entry.value, { state: 'downloading', progress: 0 });
        let model: StoredModel;
        try {
          model = await downloadModel(entry, (f) => patch(entry.value, { progress: f }), signal);
        } catch (error) {
          if (signal.aborted) return;
          console.warn('try-all: download failed', entry.value, error);
          patch(entry.value, { state: 'failed' });
          continue;
        }
        if ((await drawOne(entry, model, signal)) && (await storeModel(entry, model))) {
          onStored(entry.value);
        }
      }
      if (!signal.aborted) setView((v) => v && { ...v, phase: 'done' });
    },
    [drawOne, patch, onStored],
  );

  const work = useCallback(
    async (live: boolean, signal: AbortSignal) => {
      if (!engine) return;
      for (let s = live ? TRY_ALL_COUNTDOWN_S : 0; s > 0 && !signal.aborted; s--) {
        setView((v) => v && { ...v, countdown: s });
        await wait(1000, signal);
      }
      if (signal.aborted) return;
      setView((v) => v && { ...v, phase: 'starting', countdown: 0 });
      const start = await engine.commands.tryAllBegin().catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        return t('tryAllFailed', { reason });
      });
      if (signal.aborted) return;
      if (start === null || typeof start === 'string') {
        const message = start ?? t('tryAllNoFace');
        setView((v) => v && { ...v, phase: 'failed', message });
        return;
      }
      setView((v) => v && { ...v, phase: 'drawing', bare: start.bare, eyes: start.eyes });
      await drawBatch(list.current.slice(0, TRY_ALL_BATCH), signal);
    },
    [engine, drawBatch],
  );

  /** Runs `job` as this sheet's work: a failure is said in the sheet, unless it was closed. */
  const runJob = useCallback((job: Promise<void>, controller: AbortController) => {
    void job.catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('try-all failed', error);
      const message = t('tryAllFailed', { reason: String(error) });
      setView((v) => v && { ...v, phase: 'failed', message });
    });
  }, []);

  /** Begins (again): `live` when the picture is a camera's, taken after a countdown. */
  const start = useCallback(
    (live: boolean) => {
      run.current?.abort();
      const controller = new AbortController();
      run.current = controller;
      // The frames narrowed to when it began; 再试 goes on through the same list.
      list.current = entries;
      setView({
        phase: live ? 'countdown' : 'starting',
        countdown: live ? TRY_ALL_COUNTDOWN_S : 0,
        message: null,
        bare: null,
        eyes: [],
        cells: entries.slice(0, TRY_ALL_BATCH).map(waiting),
        total: entries.length,
      });
      runJob(work(live, controller.signal), controller);
    },
    [entries, work, runJob],
  );

  /** 再试 N 款: the next frames of the list, on the same picture, after those already drawn. */
  const more = useCallback(() => {
    const controller = run.current;
    if (!controller || view?.phase !== 'done') return;
    const next = list.current.slice(view.cells.length, view.cells.length + TRY_ALL_BATCH);
    if (next.length === 0) return;
    setView((v) => v && { ...v, phase: 'drawing', cells: [...v.cells, ...next.map(waiting)] });
    runJob(drawBatch(next, controller.signal), controller);
  }, [view, drawBatch, runJob]);

  // A new engine (a restart) or leaving the page ends it: the picture belonged to the old one.
  useEffect(() => () => close(), [close]);

  return { view, start, more, close };
}
