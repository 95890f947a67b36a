import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';

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

/**
 * A row's height before any is measured: a row of plain cells at a phone's width measures
 * 120.75 px (min-height, styles.css; over 150 px on a wider screen). From then on a row not yet
 * measured is taken for the first one measured, as the rows are alike: an estimate far from
 * them (150 px at a phone's width) moves the page's scroll as the rows above the screen are
 * measured, each move a scroll event and a render more (106 scroll events for 69 scroll steps
 * down 5 000 frames, bench/lib/catalogue.mjs's page).
 */
const ROW_ESTIMATE_PX = 121;
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
  // The rows in the DOM (committed), and a render of them at once.
  const rendered = useRef({ from: 0, to: 0 });
  const measuring = useRef(false);
  const firstRowPx = useRef<number | null>(null);
  const [, renderNow] = useReducer((n: number) => n + 1, 0);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => firstRowPx.current ?? ROW_ESTIMATE_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
    // The rows a scroll brings render in a task after its frame, not inside the frame's scroll
    // event, so the frame carries only the page's layout and paint: main-thread lag p95 10.8–13.3
    // ms at 5 000 px/s against 13.1–16.2 (`npm run bench -- --catalogue-only`). The overscan covers a
    // flick meanwhile; only when the first or last rendered row is on screen, or none is (a jump
    // past the overscan), do the rows render at once, so that no frame the page scrolls shows the
    // grid blank (big-catalogue.e2e.ts). A scroll the compositor runs on its own (a touch fling)
    // paints before any scroll event, here as with any render in the event: the overscan is what
    // covers it.
    useFlushSync: false,
    onChange: (instance: Virtualizer<Window, Element>, sync: boolean) => {
      const range = instance.range;
      if (!sync || !range || measuring.current) return;
      // A row of slack: the virtualizer's row sizes are whole pixels (121 for a row of 120.75),
      // so over a screenful the rendered rows' edges lie a pixel or two from where it places
      // them. The list's own first and last rows have nothing beyond them to render.
      const { from, to } = rendered.current;
      const short =
        (range.startIndex <= from && from > 0) ||
        (range.endIndex >= to - 1 && to < instance.options.count);
      if (short) flushSync(renderNow);
    },
  });
  const shown = virtualizer.getVirtualItems();
  useLayoutEffect(() => {
    rendered.current = { from: shown[0]?.index ?? 0, to: (shown.at(-1)?.index ?? -1) + 1 };
  });
  // A row measured while React commits may notify; flushSync cannot run there.
  const measure = useCallback(
    (node: Element | null) => {
      measuring.current = true;
      try {
        virtualizer.measureElement(node);
      } finally {
        measuring.current = false;
      }
      // Whole pixels, as the virtualizer reads a row (offsetHeight).
      if (node && firstRowPx.current === null)
        firstRowPx.current = Math.round(node.getBoundingClientRect().height) || null;
    },
    [virtualizer],
  );
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
    measure,
    reveal: (index: number) => virtualizer.scrollToIndex(Math.floor(index / columns)),
  };
}
