import { t } from '../../i18n';
import { MAX_BLANK_MM, type LensRefused } from '../../shared/lens/lens-thickness';
import { POLYCARBONATE_INDEX, POWER_STEP_D, type LensIndex } from '../../shared/lens/prescription';

/** Powers from `low` to `high` in POWER_STEP_D, as the form lists them. */
export const powers = ([low, high]: readonly [number, number]) =>
  Array.from(
    { length: Math.round((high - low) / POWER_STEP_D) + 1 },
    (_, i) => low + i * POWER_STEP_D,
  );

/** A power as an optician writes it (−6.00, +1.25). */
export const formatPower = (d: number) => (d > 0 ? '+' : d < 0 ? '−' : '') + Math.abs(d).toFixed(2);

/** An index as the form lists it: its number, and polycarbonate's material (1.59（PC 聚碳酸酯）). */
export const indexName = (index: LensIndex): string =>
  index === POLYCARBONATE_INDEX
    ? t('lensIndexPolycarbonate', { index: index.toFixed(2) })
    : index.toFixed(2);

/** Why frame `name`'s lenses cannot be made in `index`, in a sentence (instead of a figure). */
export function refusalText(name: string, index: LensIndex, lens: LensRefused): string {
  const params = { name, index: index.toFixed(2) };
  return lens.reason === 'curve'
    ? t('lensRefusedCurve', params)
    : t('lensRefusedBlank', { ...params, blank: Math.round(lens.blankMm), max: MAX_BLANK_MM });
}
