import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';

/** The items of a long list that are rendered, and the space the others leave. */
export interface ShownItems {
  /** Item indices to render, [from, to). */
  from: number;
  to: number;
  /** The list's padding for the items not rendered (a grid the page scrolls). */
  padding: CSSProperties;
  /**
   * Or the widths of an empty item before and after the rendered ones (a row that scrolls itself:
   * padding there would widen the row's own box, which sizes its cells).
   */
  spacers: readonly [number, number] | null;
  /** The ref of each measured item (with its `data-index`), if items are measured. */
  measure: ((node: Element | null) => void) | undefined;
  /** Brings item `index` into view, wherever it is in the list. */
  reveal: (index: number) => void;
}

/** A row's height before it is measured (a cell's min-height and its label). */
const ROW_ESTIMATE_PX = 150;
/** Rows drawn beyond the screen each way, so a fast flick does not show blank rows. */
const OVERSCAN_ROWS = 4;

/**
 * The rows of a `columns`-wide grid that are near the screen (the page scrolls, not the grid):
 * which items to render, and the space to leave above and below them. Each row's first item is
 * measured (`measure` as its ref, `data-index` its row): grid items stretch to their row.
 */
export function useGridRows(
  list: RefObject<HTMLElement | null>,
  count: number,
  columns: number,
): ShownItems {
  const rows = Math.ceil(count / columns);
  // The list's distance from the page's top: what lies above it changes as the page lays out.
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const node = list.current;
    if (!node) return;
    const measure = () => setTop(node.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [list]);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
  });
  const shown = virtualizer.getVirtualItems();
  const first = shown[0];
  const last = shown.at(-1);
  return {
    from: first ? first.index * columns : 0,
    to: last ? Math.min(count, (last.index + 1) * columns) : 0,
    padding: {
      paddingTop: first ? first.start - top : 0,
      paddingBottom: last ? virtualizer.getTotalSize() - (last.end - top) : 0,
    },
    spacers: null,
    measure: virtualizer.measureElement,
    reveal: (index: number) => virtualizer.scrollToIndex(Math.floor(index / columns)),
  };
}
