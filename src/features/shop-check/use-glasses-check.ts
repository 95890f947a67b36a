import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckEngine } from './check-engine';
import { t } from '../../i18n';
import type { FitOverride, GlassesReport } from '../../shared/glasses-types';
import type { PackOutcome } from '../../shared/try-on-types';
import { readCheckFile } from './check-file';
import { failureReason } from '../../catalogue/glasses-message';

/** One file on the shop page, as its latest check left it. */
export interface CheckItem {
  id: number;
  name: string;
  size: number;
  sha256: string | null;
  fit: FitOverride;
  state: 'checking' | 'done' | 'failed';
  report?: GlassesReport;
  /** Object URL of the three views, or null where this browser cannot draw them. */
  picture?: string | null;
  /** Why the file cannot be used, in the user's language. */
  error?: string;
  /** The packed file (glasses:pack in the browser): under way, ready to save, or why not. */
  packed?: PackState;
}

export type PackState =
  | { state: 'packing' }
  | { state: 'done'; url: string; fileName: string; inputBytes: number; outputBytes: number }
  | { state: 'failed'; message: string };

const GLB = /\.glb$/i;
/** Quiet time after the last override change before the file is checked again. */
const RECHECK_MS = 300;

/** What a pack that gave no file says, in words. */
function packFailure(outcome: Exclude<PackOutcome, { glb: ArrayBuffer }> | null, error?: unknown) {
  if (outcome?.code === 'already-compressed') return t('checkPackDraco');
  if (outcome?.code === 'fit-moved') return t('checkPackMoved', { mm: outcome.movedMm.toFixed(2) });
  return failureText(error);
}

/** Why a check ended without a report, in words: the loader's refusal, a timeout, or a crash. */
function failureText(error: unknown): string {
  return (
    failureReason(error) ??
    t('checkFailed', { reason: error instanceof Error ? error.message : String(error) })
  );
}

/**
 * The shop page's files and their checks: each file is checked as it is added and again when its
 * fit override changes (the newest answer wins). Nothing leaves the device; the bytes stay here.
 */
export function useGlassesCheck() {
  const [items, setItems] = useState<CheckItem[]>([]);
  const engine = useRef<CheckEngine | null>(null);
  const bytes = useRef(new Map<number, ArrayBuffer>());
  const tickets = useRef(new Map<number, number>());
  const urls = useRef(new Map<number, string>());
  const nextId = useRef(1);
  const alive = useRef(new AbortController());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const controller = new AbortController();
    alive.current = controller;
    const owned = urls.current;
    const pending = timers.current;
    return () => {
      controller.abort();
      for (const timer of pending.values()) clearTimeout(timer);
      engine.current?.dispose();
      engine.current = null;
      for (const url of owned.values()) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  const update = useCallback((id: number, change: Partial<CheckItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    async (id: number, fit: FitOverride) => {
      const data = bytes.current.get(id);
      if (!data) return;
      const ticket = (tickets.current.get(id) ?? 0) + 1;
      tickets.current.set(id, ticket);
      update(id, { state: 'checking', fit });
      engine.current ??= new CheckEngine();
      const current = () => tickets.current.get(id) === ticket;
      try {
        const { report, picture } = await engine.current.check(data, {
          fit,
          signal: alive.current.signal,
        });
        if (!current()) return;
        const old = urls.current.get(id);
        if (old) URL.revokeObjectURL(old);
        const url = picture ? URL.createObjectURL(picture) : null;
        if (url) urls.current.set(id, url);
        else urls.current.delete(id);
        update(id, { state: 'done', report, picture: url, error: undefined });
      } catch (error) {
        if (!current() || alive.current.signal.aborted) return;
        update(id, { state: 'failed', report: undefined, error: failureText(error) });
      }
    },
    [update],
  );

  const addFiles = useCallback(
    async (files: readonly File[]) => {
      for (const file of files) {
        const id = nextId.current++;
        const base = { id, name: file.name, size: file.size, sha256: null, fit: {} };
        setItems((list) => [...list, { ...base, state: 'checking' }]);
        const read = await readCheckFile(file);
        if ('error' in read) {
          update(id, { state: 'failed', error: read.error });
          continue;
        }
        bytes.current.set(id, read.bytes);
        update(id, { sha256: read.sha256 });
        await run(id, {});
      }
    },
    [run, update],
  );

  /** The override shows at once; the check runs once a slider rests (RECHECK_MS). */
  const setFit = useCallback(
    (id: number, fit: FitOverride) => {
      const item = items.find((i) => i.id === id);
      if (!item) return;
      update(id, { fit });
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => void run(id, fit), RECHECK_MS),
      );
    },
    [items, run, update],
  );

  /** Packs the file with meshopt; the packed copy is offered once it is proven to fit the same. */
  const pack = useCallback(
    async (id: number) => {
      const item = items.find((i) => i.id === id);
      const data = bytes.current.get(id);
      if (!item || !data || item.packed?.state === 'packing') return;
      update(id, { packed: { state: 'packing' } });
      engine.current ??= new CheckEngine();
      let packed: PackState;
      try {
        const outcome = await engine.current.pack(data, {
          fit: item.fit,
          signal: alive.current.signal,
        });
        if ('glb' in outcome) {
          const url = URL.createObjectURL(new Blob([outcome.glb], { type: 'model/gltf-binary' }));
          urls.current.set(-id, url);
          const fileName = item.name.replace(GLB, '.meshopt.glb');
          const { inputBytes, outputBytes } = outcome;
          packed = { state: 'done', url, fileName, inputBytes, outputBytes };
        } else packed = { state: 'failed', message: packFailure(outcome) };
      } catch (error) {
        if (alive.current.signal.aborted) return;
        packed = { state: 'failed', message: packFailure(null, error) };
      }
      update(id, { packed });
    },
    [items, update],
  );

  const remove = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    tickets.current.delete(id);
    bytes.current.delete(id);
    for (const key of [id, -id]) {
      const url = urls.current.get(key);
      if (url) URL.revokeObjectURL(url);
      urls.current.delete(key);
    }
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  /** The file's bytes, for the live try-on (the same bytes the check read). */
  const bytesOf = useCallback((id: number) => bytes.current.get(id) ?? null, []);

  return { items, addFiles, setFit, remove, pack, bytesOf };
}
