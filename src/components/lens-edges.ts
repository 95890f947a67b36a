import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { CellState } from '../catalogue/use-catalogue';
import { lensFigures } from '../catalogue/lens-figures';
import { fittedFramesAtom, prescriptionAtom } from '../state/atoms';
import { measuredPdAtom } from './measured-pd';

/**
 * With a prescription entered: each fitted frame's thickest lens edge (a plus lens: its centre),
 * mm, by catalogue value; null without a prescription. Frames not fitted yet (never worn or
 * drawn by 全部试戴), or whose file marks no lenses, have none.
 */
export function useLensEdges(cells: readonly CellState[]): ReadonlyMap<string, number> | null {
  const rx = useAtomValue(prescriptionAtom);
  const fitted = useAtomValue(fittedFramesAtom);
  const pd = useAtomValue(measuredPdAtom)?.pdMm ?? null;
  return useMemo(() => {
    if (!rx) return null;
    const plus = rx.sphere + rx.cylinder / 2 > 0;
    const edges = new Map<string, number>();
    for (const cell of cells) {
      const figures = lensFigures(fitted[cell.entry.value], rx, pd);
      if (figures) edges.set(cell.entry.value, plus ? figures.centreMm : figures.thickestEdgeMm);
    }
    return edges;
  }, [cells, rx, fitted, pd]);
}

/** 镜片最薄优先: the thinnest lenses first, frames without a figure after them, in their order. */
export function thinnestFirst(
  cells: readonly CellState[],
  edges: ReadonlyMap<string, number>,
): CellState[] {
  const known = cells.filter((c) => edges.has(c.entry.value));
  const unknown = cells.filter((c) => !edges.has(c.entry.value));
  known.sort((a, b) => edges.get(a.entry.value)! - edges.get(b.entry.value)!);
  return [...known, ...unknown];
}
