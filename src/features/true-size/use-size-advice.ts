import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useMemo } from 'react';
import { pipelineStatsAtom } from '../../state/atoms';
import { sizeFit, sortByFit, type SizeFit } from './size-advice';

/** What the grid shows of the measured face: each cell's verdict, and the best fitting first. */
export interface SizeAdvice {
  /** By entry value; only cells of known width. */
  fits: ReadonlyMap<string, SizeFit>;
  /** Entry values, best fitting first (合适尺寸优先). */
  order: readonly string[];
}

interface Sized {
  entry: { value: string };
  frameWidthMm?: number;
}

/**
 * The size advice for `cells` while `active` (null until the face's width is stable and the
 * camera's distance known). The stats arrive four times a second and the measured width moves a
 * little with each; the grid re-renders only when a verdict or the order changes.
 */
export function useSizeAdvice(cells: readonly Sized[], active: boolean): SizeAdvice | null {
  const adviceAtom = useMemo(
    () =>
      selectAtom(
        pipelineStatsAtom,
        (stats): SizeAdvice | null => {
          const measure = stats?.worker?.measure;
          // At a guessed camera distance the width may be off by a tenth: more than a verdict's
          // ±6 mm (the grid asks for a turn of the head meanwhile, model-grid.tsx).
          if (!active || !measure?.cameraKnown) return null;
          const { faceWidthMm } = measure;
          const fits = new Map<string, SizeFit>();
          for (const cell of cells) {
            if (cell.frameWidthMm !== undefined) {
              fits.set(cell.entry.value, sizeFit(cell.frameWidthMm, faceWidthMm));
            }
          }
          const order = sortByFit(cells, (cell) => cell.frameWidthMm, faceWidthMm);
          return { fits, order: order.map((cell) => cell.entry.value) };
        },
        sameAdvice,
      ),
    [cells, active],
  );
  return useAtomValue(adviceAtom);
}

function sameAdvice(a: SizeAdvice | null, b: SizeAdvice | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.order.length !== b.order.length || a.order.some((value, i) => value !== b.order[i])) {
    return false;
  }
  return a.fits.size === b.fits.size && [...a.fits].every(([key, fit]) => b.fits.get(key) === fit);
}

/** Whether, while `active`, the face is measured but the size advice waits for a turn of the head. */
const waitsForTurnAtom = selectAtom(pipelineStatsAtom, (stats) => {
  const measure = stats?.worker?.measure;
  return measure ? !measure.cameraKnown : false;
});

export function useSizeWaitsForTurn(active: boolean): boolean {
  return useAtomValue(waitsForTurnAtom) && active;
}
