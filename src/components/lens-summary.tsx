import { useAtomValue, useSetAtom } from 'jotai';
import type { CatalogueEntry } from '../catalogue/manifest';
import { lensFigures } from '../catalogue/lens-figures';
import { t } from '../i18n';
import {
  fittedFramesAtom,
  lensEffectHeldOffAtom,
  prescriptionAtom,
  selectedModelAtom,
} from '../state/atoms';
import { useHold } from './use-hold';
import { measuredPdAtom } from './measured-pd';

const mm = (value: number) => value.toFixed(1);

/**
 * With a prescription entered and a frame worn: how thick its lenses get (the thickest edge of a
 * minus lens, the centre of a plus one) in the chosen index, and in each of the others; press
 * and hold 按住看无镜片效果 to see the same glasses without the lenses' effect.
 */
export function LensSummary({ entries }: { entries: readonly CatalogueEntry[] }) {
  const rx = useAtomValue(prescriptionAtom);
  const selected = useAtomValue(selectedModelAtom);
  const fitted = useAtomValue(fittedFramesAtom);
  const measured = useAtomValue(measuredPdAtom);
  const hold = useHold(rx !== null, useSetAtom(lensEffectHeldOffAtom));
  const entry = entries.find((e) => e.value === selected);
  if (!rx || !entry || !fitted[entry.value]) return null;
  const name = `${entry.serialNo} ${entry.text}`;
  const figures = lensFigures(fitted[entry.value], rx, measured?.pdMm ?? null);
  if (!figures) {
    const known = fitted[entry.value]?.outlineMm;
    return (
      <p className="lens-summary" role="status">
        {known ? t('lensPdUnknown') : t('lensOutlineUnknown', { name })}
      </p>
    );
  }
  const plus = rx.sphere + rx.cylinder / 2 > 0;
  const index = rx.index.toFixed(2);
  return (
    <div className="lens-summary" role="status" data-edge-mm={mm(figures.thickestEdgeMm)}>
      <p className="lens-edge">
        {plus
          ? t('lensEdgePlus', { name, centre: mm(figures.centreMm), index })
          : t('lensEdge', { name, edge: mm(figures.thickestEdgeMm), index })}
      </p>
      <p className="lens-by-index">
        {figures.byIndex
          .map((f) =>
            t('lensByIndex', {
              index: f.index.toFixed(2),
              edge: mm(plus ? f.centreMm : f.thickestEdgeMm),
            }),
          )
          .join(' · ')}
      </p>
      <p className="lens-note">{t('lensAssumptions', { pd: mm(figures.pdMm) })}</p>
      <button type="button" className="lens-hold" aria-pressed={hold.holding} {...hold.handlers}>
        {t('lensHoldOff')}
      </button>
    </div>
  );
}
