import { useAtomValue, useSetAtom } from 'jotai';
import type { CatalogueEntry } from '../../catalogue/manifest';
import { isPlus, lensFigures, shownMm } from './lens-figures';
import { t } from '../../i18n';
import { LENS_MIN_CENTRE_MM } from '../../shared/lens/lens-optics';
import {
  fittedFramesAtom,
  lensEffectHeldOffAtom,
  prescriptionAtom,
  selectedModelAtom,
} from '../../state/atoms';
import { useHold } from '../../components/use-hold';
import { measuredPdAtom } from '../../state/measured-pd';
import { refusalText } from './lens-words';
import { frameName } from '../../catalogue/frame-name';

const mm = (value: number) => value.toFixed(1);

/**
 * With a prescription entered and a frame worn: how thick its lenses get (the thicker of the
 * two: the thickest edge of a minus lens, the centre of a plus one) in the chosen index, and in
 * each of the others, or that they cannot be made in it; press and hold 按住看无镜片效果 to see
 * the same glasses without the lenses' effect.
 */
export function LensSummary({ entries }: { entries: readonly CatalogueEntry[] }) {
  const rx = useAtomValue(prescriptionAtom);
  const selected = useAtomValue(selectedModelAtom);
  const fitted = useAtomValue(fittedFramesAtom);
  const measured = useAtomValue(measuredPdAtom);
  const hold = useHold(rx !== null, useSetAtom(lensEffectHeldOffAtom));
  const entry = entries.find((e) => e.value === selected);
  if (!rx || !entry || !fitted[entry.value]) return null;
  const name = `${entry.serialNo} ${frameName(entry)}`;
  const figures = lensFigures(fitted[entry.value], rx, measured?.pdMm ?? null);
  if (!figures) {
    const known = fitted[entry.value]?.outlineMm;
    return (
      <p className="lens-summary" role="status">
        {known ? t('lensPdUnknown') : t('lensOutlineUnknown', { name })}
      </p>
    );
  }
  const plus = isPlus(rx);
  const index = rx.index.toFixed(2);
  const { lens } = figures;
  return (
    <div
      className="lens-summary"
      role="status"
      data-edge-mm={lens.ok ? mm(lens.thickestEdgeMm) : undefined}
      data-refused={lens.ok ? undefined : lens.reason}
    >
      <p className="lens-edge">
        {!lens.ok
          ? refusalText(name, rx.index, lens)
          : plus
            ? t('lensEdgePlus', { name, centre: mm(lens.centreMm), index })
            : t('lensEdge', { name, edge: mm(lens.thickestEdgeMm), index })}
      </p>
      <p className="lens-by-index">
        {figures.byIndex
          .map((f) =>
            f.lens.ok
              ? t('lensByIndex', { index: f.index.toFixed(2), edge: mm(shownMm(f.lens, plus)) })
              : t('lensByIndexRefused', { index: f.index.toFixed(2) }),
          )
          .join(' · ')}
      </p>
      <p className="lens-note">
        {t('lensAssumptions', {
          pd: mm(figures.pdMm),
          index,
          centre: mm(LENS_MIN_CENTRE_MM[rx.index]),
        })}
      </p>
      <button type="button" className="lens-hold" aria-pressed={hold.holding} {...hold.handlers}>
        {t('lensHoldOff')}
      </button>
    </div>
  );
}
