import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSizeAdvice } from '../catalogue/use-size-advice';
import type { CellState } from '../catalogue/use-catalogue';
import type { CatalogueEntry } from '../catalogue/manifest';
import { t } from '../i18n';
import { assetUrl } from '../storage/asset-url';
import { FavouriteButton, LensTag, SizeTag } from './cell-tags';
import { thinnestFirst, useLensEdges } from './lens-edges';
import { StatusIcon } from './status-icon';

interface Props {
  cells: CellState[];
  onTap: (entry: CatalogueEntry) => void;
  /** A source is on: once the face's width is stable, cells say whether their size suits it. */
  measuring: boolean;
  /** The frames marked 收藏 (catalogue values), and the heart's tap; null while being read. */
  favourites: readonly string[] | null;
  onFavourite: (value: string) => void;
  /** 全部试戴 and 镜片 (try-all-control.tsx, lens-control.tsx), first in the row above the grid. */
  actions?: ReactNode;
}

/**
 * The catalogue: 3 columns, no gutter; preview, serial number, status and label per cell, and a
 * heart to keep it (只看收藏 shows only those). With the face measured, each cell of known width
 * says whether it suits, and 合适尺寸优先 puts the best fitting first.
 */
export function ModelGrid(props: Props) {
  const { cells, onTap, measuring, favourites, onFavourite } = props;
  const [fitFirst, setFitFirst] = useState(false);
  const [onlyFavourites, setOnlyFavourites] = useState(false);
  const [thinFirst, setThinFirst] = useState(false);
  const edges = useLensEdges(cells);
  // A frame named by a shop's link comes into view once, when its cell first shows.
  const list = useRef<HTMLUListElement>(null);
  const shownLinked = useRef(false);
  const linked = cells.find((cell) => cell.linked)?.entry.value;
  useEffect(() => {
    if (!linked || shownLinked.current) return;
    shownLinked.current = true;
    list.current
      ?.querySelector('[data-linked="true"]')
      ?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }, [linked]);
  const advice = useSizeAdvice(cells, measuring);
  const byValue = new Map(cells.map((cell) => [cell.entry.value, cell]));
  const ordered =
    thinFirst && edges
      ? thinnestFirst(cells, edges)
      : fitFirst && advice
        ? advice.order.map((value) => byValue.get(value)!)
        : cells;
  const kept = new Set(favourites ?? []);
  const shown = onlyFavourites ? ordered.filter((cell) => kept.has(cell.entry.value)) : ordered;
  return (
    <>
      <div className="fit-first-row">
        {props.actions}
        <button
          type="button"
          className="only-favourites"
          aria-pressed={onlyFavourites}
          disabled={favourites === null}
          onClick={() => setOnlyFavourites((on) => !on)}
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
      {onlyFavourites && shown.length === 0 ? (
        <p className="grid-note" role="status">
          {t('noFavourites')}
        </p>
      ) : null}
      <ul ref={list} className="model-grid" aria-label={t('catalogue')}>
        {shown.map((cell) => (
          <li key={cell.entry.value}>
            <button
              type="button"
              className="model-cell"
              aria-pressed={cell.selected}
              aria-busy={cell.status === 'downloading' || cell.wearing}
              data-status={cell.status}
              data-wearing={cell.wearing}
              data-serial={cell.entry.serialNo}
              data-linked={cell.linked}
              onClick={(event) => {
                // A cell tapped half under the picture or the control bar comes fully into view
                // (styles.css sets the scroll padding those two take).
                event.currentTarget.scrollIntoView({ block: 'nearest' });
                onTap(cell.entry);
              }}
            >
              {cell.entry.previewIcon ? (
                <img
                  className="preview"
                  src={assetUrl(cell.entry.previewIcon)}
                  alt=""
                  loading="lazy"
                />
              ) : (
                <span className="preview placeholder" aria-hidden="true" />
              )}
              <span className="serial">{cell.entry.serialNo}</span>
              <StatusIcon status={cell.status} progress={cell.progress} wearing={cell.wearing} />
              <span className="label">{cell.entry.text}</span>
              {cell.frameWidthMm !== undefined && advice?.fits.has(cell.entry.value) ? (
                <SizeTag widthMm={cell.frameWidthMm} fit={advice.fits.get(cell.entry.value)!} />
              ) : null}
              {edges?.has(cell.entry.value) ? (
                <LensTag
                  name={`${cell.entry.serialNo} ${cell.entry.text}`}
                  lens={edges.get(cell.entry.value)!}
                />
              ) : null}
              {cell.failureText ? (
                <span className="retry" data-failure={cell.failure ?? ''}>
                  {cell.failureText}
                </span>
              ) : null}
            </button>
            <FavouriteButton
              name={cell.entry.text}
              on={kept.has(cell.entry.value)}
              disabled={favourites === null}
              onTap={() => onFavourite(cell.entry.value)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
