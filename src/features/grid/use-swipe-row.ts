import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type RefObject } from 'react';
import type { ShownItems } from './use-grid-rows';

/** Cells a row shows at once inside a shop's page (styles.css: `.site.embed .model-grid li`). */
const CELLS_IN_VIEW = 3.4;
/** Cells drawn beyond the row's ends each way, so a swipe does not show blank cells. */
const OVERSCAN_CELLS = 4;

/**
 * Inside a shop's page the frames are one row to swipe (the list scrolls, not the page): the cells
 * near its visible part, and the space to leave before and after them. Every cell is as wide as
 * the row over CELLS_IN_VIEW, so none needs measuring.
 */
export function useSwipeRow(list: RefObject<HTMLElement | null>, count: number): ShownItems {
  const [cellWidth, setCellWidth] = useState(0);
  useLayoutEffect(() => {
    const node = list.current;
    if (!node) return;
    const measure = () => setCellWidth(node.clientWidth / CELLS_IN_VIEW);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [list]);
  // No React Compiler builds this app, so the lint's "cannot be memoized" concerns nothing here;
  // the virtualizer is read in this render only.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    horizontal: true,
    count,
    getScrollElement: () => list.current,
    estimateSize: () => cellWidth || 1,
    overscan: OVERSCAN_CELLS,
  });
  // A new width changes every cell's size: the virtualizer's own cache is per index.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, cellWidth]);
  const shown = virtualizer.getVirtualItems();
  const first = shown[0];
  const last = shown.at(-1);
  return {
    from: first ? first.index : 0,
    to: last ? last.index + 1 : 0,
    padding: {},
    spacers: [first ? first.start : 0, last ? virtualizer.getTotalSize() - last.end : 0],
    measure: undefined,
    reveal: (index: number) => virtualizer.scrollToIndex(index, { align: 'start' }),
  };
}
