import type { SizeFit } from '../true-size/size-advice';
import { touchesCheek } from '../true-size/cheek-contact';
import { t, type StringKey } from '../../i18n';
import type { CellLens } from '../lens/lens-edges';
import { refusalText } from '../lens/lens-words';

const VERDICT: Record<SizeFit, StringKey> = {
  fits: 'fitFits',
  narrow: 'fitNarrow',
  wide: 'fitWide',
};

/** The heart on a cell's corner: a button of its own (a button may not hold another). */
export function FavouriteButton(props: {
  name: string;
  on: boolean;
  disabled: boolean;
  onTap: () => void;
}) {
  return (
    <button
      type="button"
      className="favourite"
      aria-pressed={props.on}
      aria-label={t(props.on ? 'favouriteRemove' : 'favouriteAdd', { name: props.name })}
      disabled={props.disabled}
      onClick={props.onTap}
    >
      {/* A bitmap drawn once (components/bitmap-icons.ts), as in every cell. */}
      <span className="heart" aria-hidden="true" />
    </button>
  );
}

/** The cell's size verdict, with the front's width in its tooltip. */
export function SizeTag({ widthMm, fit }: { widthMm: number; fit: SizeFit }) {
  const verdict = t(VERDICT[fit]);
  return (
    <span
      className="size-tag"
      data-fit={fit}
      title={t('fitDetail', { width: Math.round(widthMm), verdict })}
    >
      {verdict}
    </span>
  );
}

/**
 * The cell's lens: its thickness, or 无法制作 (why, in its tooltip) when the lenses cannot be
 * made for the frame in the chosen index.
 */
export function LensTag({ name, lens }: { name: string; lens: CellLens }) {
  if (lens.ok) {
    return <span className="lens-edge-tag">{t('lensCellEdge', { edge: lens.mm.toFixed(1) })}</span>;
  }
  return (
    <span
      className="lens-edge-tag"
      data-refused={lens.reason}
      title={refusalText(name, lens.index, lens)}
    >
      {t('lensCellRefused')}
    </span>
  );
}

/** 贴脸 on a frame whose lower rim reaches the cheeks, the shops' advice in its tooltip. */
export function CheekTag({ gapMm }: { gapMm: number }) {
  if (!touchesCheek(gapMm)) return null;
  return (
    <span className="cheek-tag" title={t('cheekTouchDetail')}>
      {t('cheekTouch')}
    </span>
  );
}
