import type { SizeFit } from '../catalogue/size-advice';
import { t, type StringKey } from '../i18n';
import { Icon } from './icons';

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
      <Icon name="heart" />
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
