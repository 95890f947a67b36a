import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { SizeFit } from '../true-size/size-advice';
import type { TryAllCell, TryAllView } from './try-all-view';
import { useSizeAdvice } from '../true-size/use-size-advice';
import { t } from '../../i18n';
import { COMPARE_MAX, TRY_ALL_BATCH } from '../../shared/ui-constants';
import { BlobImage } from '../../components/blob-image';
import { FavouriteButton, SizeTag } from '../grid/cell-tags';
import { CompareView } from './compare-view';
import { frameName } from '../../catalogue/frame-name';

interface Props {
  view: TryAllView;
  onClose: () => void;
  /** 再试 N 款: the next frames of the list (use-try-all.ts). */
  onMore: () => void;
  favourites: readonly string[] | null;
  onFavourite: (value: string) => void;
}

/**
 * 全部试戴, over the page: the kept picture wearing each frame, filling in as they are drawn (3
 * columns, the catalogue's order, number, name and size tag), a heart on each; pick 2–4 to see
 * them side by side (compare-view.tsx). Escape or 关闭 closes it and stops the work.
 */
export function TryAllSheet({ view, onClose, onMore, favourites, onFavourite }: Props) {
  const [picked, setPicked] = useState<string[]>([]);
  const [comparing, setComparing] = useState(false);
  const advice = useSizeAdvice(view.cells, true);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus(), []);
  const kept = new Set(favourites ?? []);
  const toggle = useCallback(
    (value: string) =>
      setPicked((list) =>
        list.includes(value)
          ? list.filter((v) => v !== value)
          : list.length < COMPARE_MAX
            ? [...list, value]
            : list,
      ),
    [],
  );
  const chosen = view.cells.filter((cell) => picked.includes(cell.entry.value) && cell.image);
  const left = Math.min(TRY_ALL_BATCH, view.total - view.cells.length);
  return (
    <div
      className="try-all-sheet"
      role="dialog"
      aria-modal="true"
      aria-label={t('tryAll')}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <header className="try-all-head">
        <h2>{comparing ? t('compareTitle') : t('tryAllTitle')}</h2>
        <button ref={closeButton} type="button" className="try-all-close" onClick={onClose}>
          {t('tryAllClose')}
        </button>
      </header>
      <p className="try-all-status" role="status" data-phase={view.phase}>
        {statusText(view)}
      </p>
      {comparing && view.bare ? (
        <CompareView bare={view.bare} cells={chosen} onBack={() => setComparing(false)} />
      ) : (
        <>
          <ul className="try-all-grid" aria-label={t('tryAll')}>
            {view.cells.map((cell) => (
              <TryAllCellView
                key={cell.entry.value}
                cell={cell}
                picked={picked.includes(cell.entry.value)}
                fit={advice?.fits.get(cell.entry.value)}
                favourite={kept.has(cell.entry.value)}
                canFavourite={favourites !== null}
                onPick={toggle}
                onFavourite={onFavourite}
              />
            ))}
          </ul>
          {view.phase === 'done' && left > 0 ? (
            <button type="button" className="try-all-more" onClick={onMore}>
              {t('tryAllMore', { count: left })}
            </button>
          ) : null}
          {view.bare ? (
            <div className="try-all-foot">
              <span>{t('tryAllPickHint')}</span>
              <button
                type="button"
                className="try-all-compare"
                disabled={chosen.length < 2}
                onClick={() => setComparing(true)}
              >
                {t('tryAllCompare', { count: chosen.length })}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

interface CellProps {
  cell: TryAllCell;
  picked: boolean;
  fit: SizeFit | undefined;
  favourite: boolean;
  canFavourite: boolean;
  onPick: (value: string) => void;
  onFavourite: (value: string) => void;
}

/** One picture of the grid; redrawn only when its own cell changes (the grid fills in often). */
const TryAllCellView = memo(function TryAllCellView(props: CellProps) {
  const { cell } = props;
  return (
    <li data-state={cell.state} data-serial={cell.entry.serialNo}>
      <button
        type="button"
        className="try-all-cell"
        aria-pressed={props.picked}
        aria-label={t('tryAllPick', { name: `${cell.entry.serialNo} ${frameName(cell.entry)}` })}
        disabled={!cell.image}
        onClick={() => props.onPick(cell.entry.value)}
      >
        {cell.image ? (
          <BlobImage className="try-all-image" blob={cell.image} alt="" />
        ) : (
          <span className="try-all-image placeholder">{cellText(cell)}</span>
        )}
        <span className="try-all-caption">
          <span className="serial">{cell.entry.serialNo}</span> {frameName(cell.entry)}
        </span>
        {cell.frameWidthMm !== undefined && props.fit ? (
          <SizeTag widthMm={cell.frameWidthMm} fit={props.fit} />
        ) : null}
      </button>
      <FavouriteButton
        name={frameName(cell.entry)}
        on={props.favourite}
        disabled={!props.canFavourite}
        onTap={() => props.onFavourite(cell.entry.value)}
      />
    </li>
  );
});

function statusText(view: TryAllView): string {
  const total = view.cells.length;
  const done = view.cells.filter((c) => c.state === 'done').length;
  if (view.phase === 'countdown') return t('tryAllCountdown', { seconds: view.countdown });
  if (view.phase === 'starting') return t('tryAllStarting');
  if (view.phase === 'failed') return view.message ?? '';
  if (view.phase === 'done' && total < view.total) {
    return t('tryAllBatch', { from: 1, to: total, total: view.total });
  }
  if (view.phase === 'done' && done === total) return t('tryAllDone', { total });
  const busy = view.cells.find((c) => c.state === 'downloading' || c.state === 'drawing');
  if (busy?.state === 'downloading') {
    const percent = Math.round(busy.progress * 100);
    return t('tryAllDownloading', { serial: busy.entry.serialNo, percent });
  }
  if (busy) return t('tryAllDrawing', { serial: busy.entry.serialNo });
  return t('tryAllProgress', { done, total });
}

function cellText(cell: TryAllCell): string {
  if (cell.state === 'downloading') return `${Math.round(cell.progress * 100)}%`;
  if (cell.state === 'failed') return t('tryAllCellFailed');
  if (cell.state === 'drawing') return '…';
  return t('tryAllWaiting');
}
