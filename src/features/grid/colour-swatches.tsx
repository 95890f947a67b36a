import type { CatalogueEntry } from '../../catalogue/manifest';
import { t } from '../../i18n';
import { frameName } from '../../catalogue/frame-name';

interface Props {
  /** The model's colours (each its own entry); none or one: nothing to choose. */
  colours: readonly CatalogueEntry[];
  /** The colour the cell shows. */
  shown: string;
  onColour: (entry: CatalogueEntry) => void;
}

/** 颜色: a dot per colour of the model under its cell; the one shown is pressed. */
export function ColourSwatches({ colours, shown, onColour }: Props) {
  if (colours.length < 2) return null;
  return (
    <div className="swatches" role="group" aria-label={t('colours')}>
      {colours.map((colour) => (
        <button
          key={colour.value}
          type="button"
          className="swatch"
          aria-label={t('colourOf', { colour: colour.colour ?? frameName(colour) })}
          aria-pressed={colour.value === shown}
          style={colour.swatch ? { background: colour.swatch } : undefined}
          onClick={() => onColour(colour)}
        />
      ))}
    </div>
  );
}

/** Same colours, in the same order (entries are the catalogue's own objects). */
export const sameColours = (a: readonly CatalogueEntry[], b: readonly CatalogueEntry[]) =>
  a.length === b.length && a.every((entry, i) => entry === b[i]);
