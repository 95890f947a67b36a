import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useAtomValue } from 'jotai';
import { isNarrowed, type CatalogueFilter } from './catalogue-filter';
import { fittedFramesAtom } from '../../state/atoms';
import type { SizeAdvice } from '../true-size/use-size-advice';
import type { CellState } from '../../catalogue/use-catalogue';
import type { ModelOfColours } from './colour-groups';
import type { CatalogueEntry } from '../../catalogue/manifest';
import { isEmbedded } from '../../engine/embed-channel';
import { installBitmapIcons } from '../../components/bitmap-icons';
import { t } from '../../i18n';
import { GRID_COLUMNS } from '../../shared/ui-constants';
import { CatalogueFacets } from './catalogue-facets';
import { CatalogueSearch } from './catalogue-search';
import { thinnestFirst, useLensEdges } from '../lens/lens-edges';
import { ModelCell } from './model-cell';
import { useGridRows } from './use-grid-rows';
import { useSwipeRow } from './use-swipe-row';

/** Inside a shop's page the frames are one row to swipe; elsewhere a grid the page scrolls. */
const useShownItems = isEmbedded()
  ? (list: RefObject<HTMLElement | null>, count: number) => useSwipeRow(list, count)
  : (list: RefObject<HTMLElement | null>, count: number) => useGridRows(list, count, GRID_COLUMNS);

interface Props {
  /**
   * The models the filter leaves (catalogue-filter.ts), one per colour group
   * (colour-groups.ts), in the catalogue's order.
   */
  cells: ModelOfColours<CellState>[];
  /** The whole catalogue, whose facets 筛选 offers. */
  entries: readonly CatalogueEntry[];
  filter: CatalogueFilter;
  onFilter: (change: Partial<CatalogueFilter>) => void;
  onTap: (entry: CatalogueEntry) => void;
  /** Once the face's width is stable (a source on), whether each cell's size suits it. */
  advice: SizeAdvice | null;
  /**
   * The face is measured, but its width waits for a turn of the head to judge sizes by: the
   * camera's (whose user can turn) or a file's or photo's (which cannot).
   */
  sizeWaitsForTurn?: 'camera' | 'picture' | null;
  /** The frames marked 收藏 (catalogue values), and the heart's tap; null while being read. */
  favourites: readonly string[] | null;
  onFavourite: (value: string) => void;
  /** A colour swatch's tap: that colour shows on its model's cell (and is worn if a source is on). */
  onColour: (entry: CatalogueEntry) => void;
  /** 全部试戴 and 镜片 (try-all-control.tsx, lens-control.tsx), first in the row above the grid. */
  actions?: ReactNode;
}

/**
 * The catalogue: 搜索 and its count, then 3 columns, no gutter; preview, serial number, status and
 * label per cell, and a heart to keep it (只看收藏 shows only those). With the face measured, each
 * cell of known width says whether it suits, and 合适尺寸优先 puts the best fitting first. Only
 * the cells near the screen are rendered, so a shop's thousands of frames cost what a screenful
 * does, in the grid and in a shop's page's one row to swipe alike.
 */
export function ModelGrid(props: Props) {
  const { cells, filter, onFilter, advice, favourites } = props;
  const [fitFirst, setFitFirst] = useState(false);
  const [thinFirst, setThinFirst] = useState(false);
  const edges = useLensEdges(cells);
  // Memoised: the grid renders again at each scroll's new rows, and a shop has thousands of cells.
  const shown = useMemo(() => {
    if (thinFirst && edges) return thinnestFirst(cells, edges);
    if (!fitFirst || !advice) return cells;
    const byValue = new Map(cells.map((cell) => [cell.entry.value, cell]));
    return advice.order.map((value) => byValue.get(value)!).filter(Boolean);
  }, [cells, thinFirst, edges, fitFirst, advice]);
  const kept = useMemo(() => new Set(favourites ?? []), [favourites]);
  // 贴脸, by the fit of each frame put on so far (its lower rim against the reference head).
  const fitted = useAtomValue(fittedFramesAtom);
  const list = useRef<HTMLUListElement>(null);
  const columns = isEmbedded() ? Math.max(1, shown.length) : GRID_COLUMNS;
  const rows = useShownItems(list, shown.length);
  // The handlers keep one identity, so a cell re-renders only when what it shows changes.
  const handlers = useRef(props);
  useLayoutEffect(() => {
    handlers.current = props;
  });
  const onTap = useCallback((entry: CatalogueEntry) => handlers.current.onTap(entry), []);
  const onFavourite = useCallback((value: string) => handlers.current.onFavourite(value), []);
  const onColour = useCallback((entry: CatalogueEntry) => handlers.current.onColour(entry), []);
  // After the first cells paint: a page's first 2D canvas costs a one-time start (bitmap-icons.ts).
  useEffect(() => {
    const timer = setTimeout(() => installBitmapIcons());
    return () => clearTimeout(timer);
  }, []);

  // A frame named by a shop's link comes into view once, when its cell is first listed.
  const shownLinked = useRef(false);
  const linkedAt = shown.findIndex((cell) => cell.linked);
  const { reveal } = rows;
  useEffect(() => {
    if (linkedAt < 0 || shownLinked.current) return;
    shownLinked.current = true;
    // Its row is rendered first if it is far down; scrollIntoView then heeds the scroll padding
    // the sticky picture takes (styles.css), which the list's own scrolling does not know.
    const linkedCell = () => list.current?.querySelector('[data-linked="true"]');
    const show = () => linkedCell()?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
    if (linkedCell()) return show();
    reveal(linkedAt);
    requestAnimationFrame(() => requestAnimationFrame(show));
  }, [linkedAt, reveal]);

  return (
    <>
      <CatalogueSearch filter={filter} onChange={onFilter} count={cells.length} />
      <CatalogueFacets
        entries={props.entries}
        filter={filter}
        favourites={favourites}
        fits={advice?.fits ?? null}
        onChange={onFilter}
      />
      <div className="fit-first-row">
        {props.actions}
        <button
          type="button"
          className="only-favourites"
          aria-pressed={filter.onlyFavourites}
          disabled={favourites === null}
          onClick={() => onFilter({ onlyFavourites: !filter.onlyFavourites })}
        >
          {t('onlyFavourites')}
        </button>
        {edges ? (
          <button
            type="button"
            className="thin-first"
            aria-pressed={thinFirst}
            onClick={() => setThinFirst((on) => !on)}
          >
            {t('lensThinFirst')}
          </button>
        ) : null}
        {advice || filter.onlyFits ? (
          <button
            type="button"
            className="only-fits"
            aria-pressed={filter.onlyFits}
            onClick={() => onFilter({ onlyFits: !filter.onlyFits })}
          >
            {t('onlyFits')}
          </button>
        ) : null}
        {advice ? (
          <button
            type="button"
            className="fit-first"
            aria-pressed={fitFirst}
            onClick={() => setFitFirst((on) => !on)}
          >
            {t('fitFirst')}
          </button>
        ) : null}
      </div>
      {props.sizeWaitsForTurn ? (
        <p className="grid-note" role="status">
          {t(props.sizeWaitsForTurn === 'camera' ? 'sizeWaitsForTurn' : 'sizeNeedsTurnInPicture')}
        </p>
      ) : filter.onlyFits && !advice ? (
        <p className="grid-note" role="status">
          {t('onlyFitsWaiting')}
        </p>
      ) : null}
      {shown.length === 0 && isNarrowed(filter) && favourites !== null ? (
        <p className="grid-note" role="status">
          {filter.onlyFavourites && !filter.query.trim() ? t('noFavourites') : t('searchNone')}
        </p>
      ) : null}
      <ul ref={list} className="model-grid" aria-label={t('catalogue')} style={rows.padding}>
        {rows.spacers ? <RowSpacer width={rows.spacers[0]} /> : null}
        {shown.slice(rows.from, rows.to).map(({ colours, ...cell }, i) => {
          const index = rows.from + i;
          const rowStart = index % columns === 0;
          return (
            <li
              key={cell.entry.value}
              // A class, not `li:has(.swatches)`: a subject :has() is matched again at each
              // change under every cell while the grid scrolls.
              className={colours.length > 1 ? 'coloured' : undefined}
              ref={rowStart ? rows.measure : undefined}
              // Every cell names its row: a cell measured as a row's first stays observed after a
              // change moves it along its row, and the virtualizer reads its row at each resize.
              data-index={Math.floor(index / columns)}
            >
              <ModelCell
                cell={cell}
                fit={advice?.fits.get(cell.entry.value)}
                cheekMm={fitted[cell.entry.value]?.cheekMm ?? undefined}
                lens={edges?.get(cell.entry.value)}
                favourite={kept.has(cell.entry.value)}
                favouritesRead={favourites !== null}
                onTap={onTap}
                onFavourite={onFavourite}
                colours={colours.map((colour) => colour.entry)}
                onColour={onColour}
              />
            </li>
          );
        })}
        {rows.spacers ? <RowSpacer width={rows.spacers[1]} /> : null}
      </ul>
    </>
  );
}

/** The room the cells not rendered take in a row to swipe: hidden from assistive technology. */
function RowSpacer({ width }: { width: number }) {
  return width > 0 ? (
    <li className="row-spacer" aria-hidden="true" style={{ flex: `0 0 ${width}px` }} />
  ) : null;
}
