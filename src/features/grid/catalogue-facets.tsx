import { Fragment, useId, useMemo, useState } from 'react';
import { FACETS, facetCounts, type CatalogueFilter, type Facet } from './catalogue-filter';
import type { CatalogueEntry } from '../../catalogue/manifest';
import { t, type StringKey } from '../../i18n';
import { CLOSED_WORDS } from './facet-words';
import type { SizeFit } from '../true-size/size-advice';

const PRICE_WORDS = { priceMin: 'filterPriceMin', priceMax: 'filterPriceMax' } as const;
const FACET_LABELS: Record<Facet, StringKey> = {
  shape: 'filterShape',
  rim: 'filterRim',
  material: 'filterMaterial',
  colour: 'filterColour',
  gender: 'filterGender',
  ageGroup: 'filterAge',
};
/** A facet's value in the reader's words. */
function valueWords(facet: Facet, value: string): string {
  const words = CLOSED_WORDS[facet];
  return words && Object.hasOwn(words, value) ? t(words[value]!) : value;
}

interface Props {
  /** The whole catalogue: the lists offer what it has, with how many models each would show. */
  entries: readonly CatalogueEntry[];
  filter: CatalogueFilter;
  /**
   * What the rest of the filter narrows by (catalogue-filter.ts's `narrow`, which takes the size
   * verdicts only with 只看合适尺寸 on).
   */
  favourites: readonly string[] | null;
  fits: ReadonlyMap<string, SizeFit> | null;
  onChange: (change: Partial<CatalogueFilter>) => void;
}

/**
 * 筛选: a list per facet the catalogue describes (框型, 镶边, 材质, 颜色, 性别, 年龄段) and a price
 * range.
 * Folded away until asked for; a catalogue that describes nothing offers no button.
 */
export function CatalogueFacets({ entries, filter, favourites, fits, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const facets = useMemo(() => FACETS.filter((f) => entries.some((e) => e[f])), [entries]);
  // Counted while the panel is open only: each change of the filter narrows the shop once a facet.
  const counts = useMemo(
    () => (open ? facetCounts(entries, filter, favourites, fits) : null),
    [open, entries, filter, favourites, fits],
  );
  const priced = useMemo(() => entries.some((entry) => entry.price !== undefined), [entries]);
  if (facets.length === 0 && !priced) return null;
  const price = (value: string) => {
    const n = value === '' ? NaN : Number(value);
    return Number.isFinite(n) ? Math.max(0, n) : null;
  };
  return (
    <div className="catalogue-facets">
      <button
        type="button"
        className="facets-open"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((on) => !on)}
      >
        {t('filterOpen')}
      </button>
      <div id={id} className="facets-panel" hidden={!open}>
        {facets.map((facet) => (
          <label key={facet}>
            <span>{t(FACET_LABELS[facet])}</span>
            <select value={filter[facet]} onChange={(e) => onChange({ [facet]: e.target.value })}>
              <option value="">{t('filterAny')}</option>
              {[...(counts?.[facet] ?? [])].map(([value, count]) => (
                <option key={value} value={value}>
                  {t('filterOption', { value: valueWords(facet, value), count })}
                </option>
              ))}
            </select>
          </label>
        ))}
        {priced ? (
          <fieldset className="facets-price">
            <legend>{t('filterPrice')}</legend>
            {(['priceMin', 'priceMax'] as const).map((end, i) => (
              <Fragment key={end}>
                {i > 0 ? <span aria-hidden="true">–</span> : null}
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  aria-label={t(PRICE_WORDS[end])}
                  placeholder={t(PRICE_WORDS[end])}
                  value={filter[end] ?? ''}
                  onChange={(e) => onChange({ [end]: price(e.target.value) })}
                />
              </Fragment>
            ))}
          </fieldset>
        ) : null}
      </div>
    </div>
  );
}
