import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n';
import type { FaceMeasure } from '../shared/try-on-types';
import { pipelineStatsAtom } from '../state/atoms';

const figuresOf = (measure: FaceMeasure) => ({
  pd: Math.round(measure.pdMm),
  error: Math.max(1, Math.round(measure.pdErrorMm)),
  width: Math.round(measure.faceWidthMm),
  widthError: Math.max(1, Math.round(measure.faceWidthErrorMm)),
  frames: measure.frames,
});

/**
 * The measured pupillary distance, once the worker's estimate is stable: a small badge on the
 * picture, and on a tap how it was measured, its limits, and how to measure it properly.
 */
export function MeasureBadge({ active }: { active: boolean }) {
  const measure = useAtomValue(pipelineStatsAtom)?.worker?.measure ?? null;
  // The figures as they were at the tap: they neither jitter nor vanish while being read.
  const [shown, setShown] = useState<FaceMeasure | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (shown && !dialog.current?.open) dialog.current?.showModal();
  }, [shown]);
  return (
    <>
      {active && measure ? (
        <button
          type="button"
          className="measure-badge"
          aria-haspopup="dialog"
          onClick={() => setShown(measure)}
        >
          {t('measureBadge', figuresOf(measure))}
        </button>
      ) : null}
      {shown ? (
        <dialog
          ref={dialog}
          className="measure-dialog"
          aria-labelledby="measure-title"
          onClose={() => setShown(null)}
        >
          <h2 id="measure-title">{t('measureTitle')}</h2>
          <p>{t('measureResult', figuresOf(shown))}</p>
          <p>{t('measureMethod')}</p>
          <p>{t('measureLimits')}</p>
          <p>{t('measureOptician')}</p>
          <p>{t('measurePrivacy')}</p>
          <form method="dialog">
            <button type="submit">{t('measureClose')}</button>
          </form>
        </dialog>
      ) : null}
    </>
  );
}
