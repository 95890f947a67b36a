import type { EnginePath } from './engine-path';
import { TryOnEngine, type EngineAssets, type EngineEvent } from './try-on-engine';

interface Entry {
  engine: TryOnEngine;
  users: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * A canvas can hand its control to a worker only once. React StrictMode mounts, unmounts and
 * mounts again with the same element, so engines are kept per canvas and disposed only when no
 * one has claimed them back by the next task.
 */
const entries = new WeakMap<HTMLCanvasElement, Entry>();

export function acquireEngine(
  canvas: HTMLCanvasElement,
  assets: () => EngineAssets,
  listener: (event: EngineEvent) => void,
  path: EnginePath,
): TryOnEngine {
  let entry = entries.get(canvas);
  if (!entry) {
    entry = { engine: new TryOnEngine(canvas, assets(), listener, path), users: 0, timer: null };
    entries.set(canvas, entry);
  }
  if (entry.timer) clearTimeout(entry.timer);
  entry.timer = null;
  entry.users++;
  return entry.engine;
}

export function releaseEngine(canvas: HTMLCanvasElement): void {
  const entry = entries.get(canvas);
  if (!entry) return;
  entry.users--;
  if (entry.users > 0) return;
  entry.timer = setTimeout(() => {
    entry.engine.dispose();
    entries.delete(canvas);
  }, 0);
}
