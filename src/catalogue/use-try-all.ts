import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TryOnEngine } from '../engine/try-on-engine';
import { t } from '../i18n';
import { parseFrameSize } from '../shared/glasses-types';
import { TRY_ALL_COUNTDOWN_S } from '../shared/ui-constants';
import { fittedFramesAtom } from '../state/atoms';
import { fittedFrameOf } from './lens-figures';
import type { CatalogueEntry } from './manifest';
import { downloadModel, readModel, storeModel, type StoredModel } from './model-files';

export type TryAllCellState = 'waiting' | 'downloading' | 'drawing' | 'done' | 'failed';

export interface TryAllCell {
  entry: CatalogueEntry;
  state: TryAllCellState;
  /** 0..1 while downloading. */
  progress: number;
  /** The picture wearing this frame (JPEG, the same crop for every cell), once drawn. */
  image: Blob | null;
  /** The front's width as fitted, mm. */
  frameWidthMm?: number;
}

export interface TryAllView {
  phase: 'countdown' | 'starting' | 'drawing' | 'done' | 'failed';
  /** Seconds left before a live camera's picture is taken. */
  countdown: number;
  /** Why it failed (phase 'failed'), in the user's language. */
  message: string | null;
  /** The kept picture without glasses, and its eyes ([x0, y0, x1, y1] px). */
  bare: Blob | null;
  eyes: number[];
  cells: TryAllCell[];
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * 全部试戴: one picture (a live camera's after a countdown, else the one shown) drawn by the engine
 * with every frame of `entries`, one at a time: the stored ones first, then those to download
 * (with progress; kept once drawn, like a tap's). Closing stops it: the download under way is
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
          setFitted((f) => ({ ...f, [entry.value]: fittedFrameOf(report) }));
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
      const missing: CatalogueEntry[] = [];
      for (const entry of entries) {
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
    [engine, entries, drawOne, patch, onStored],
  );

  /** Begins (again): `live` when the picture is a camera's, taken after a countdown. */
  const start = useCallback(
    (live: boolean) => {
      run.current?.abort();
      const controller = new AbortController();
      run.current = controller;
      setView({
        phase: live ? 'countdown' : 'starting',
        countdown: live ? TRY_ALL_COUNTDOWN_S : 0,
        message: null,
        bare: null,
        eyes: [],
        cells: entries.map((entry) => ({ entry, state: 'waiting', progress: 0, image: null })),
      });
      void work(live, controller.signal).catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('try-all failed', error);
        const message = t('tryAllFailed', { reason: String(error) });
        setView((v) => v && { ...v, phase: 'failed', message });
      });
    },
    [entries, work],
  );

  // A new engine (a restart) or leaving the page ends it: the picture belonged to the old one.
  useEffect(() => () => close(), [close]);

  return { view, start, close };
}
