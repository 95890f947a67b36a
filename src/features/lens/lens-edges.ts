import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { CellState } from '../../catalogue/use-catalogue';
import { isPlus, lensFigures, shownMm } from './lens-figures';
import type { LensRefused } from '../../shared/lens/lens-thickness';
import type { LensIndex } from '../../shared/lens/prescription';
import { fittedFramesAtom, prescriptionAtom } from '../../state/atoms';
import { measuredPdAtom } from '../../state/measured-pd';

/**
 * A cell's lens: its figure (the thickest edge, a plus lens's centre, mm), or why the lenses
 * cannot be made in the chosen index.
 */
export type CellLens = { ok: true; mm: number } | (LensRefused & { index: LensIndex });

/**
 * With a prescription entered: each fitted frame's lens (the thicker of the two), by catalogue
 * value; null without a prescription. Frames not fitted yet (never worn or drawn by 全部试戴),
 * or whose file marks no lenses, have none.
 */
export function useLensEdges(cells: readonly CellState[]): ReadonlyMap<string, CellLens> | null {
  const rx = useAtomValue(prescriptionAtom);
  const fitted = useAtomValue(fittedFramesAtom);
  const pd = useAtomValue(measuredPdAtom)?.pdMm ?? null;
  return useMemo(() => {
    if (!rx) return null;
    const plus = isPlus(rx);
    const edges = new Map<string, CellLens>();
    for (const cell of cells) {
      const lens = lensFigures(fitted[cell.entry.value], rx, pd)?.lens;
      if (!lens) continue;
      edges.set(
        cell.entry.value,
        lens.ok ? { ok: true, mm: shownMm(lens, plus) } : { ...lens, index: rx.index },
      );
    }
    return edges;
  }, [cells, rx, fitted, pd]);
}

/**
 * 镜片最薄优先: the thinnest lenses first, then frames without a figure, then those whose lenses
 * cannot be made, each in their order.
 */
export function thinnestFirst<T extends CellState>(
  cells: readonly T[],
  edges: ReadonlyMap<string, CellLens>,
): T[] {
  const mmOf = (cell: T) => {
    const lens = edges.get(cell.entry.value);
    return lens?.ok ? lens.mm : null;
  };
  const known = cells.filter((c) => mmOf(c) !== null);
  const unknown = cells.filter((c) => !edges.has(c.entry.value));
  const refused = cells.filter((c) => edges.get(c.entry.value)?.ok === false);
  known.sort((a, b) => mmOf(a)! - mmOf(b)!);
  return [...known, ...unknown, ...refused];
}
