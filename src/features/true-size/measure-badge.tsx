import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n';
import type { FaceMeasure } from '../../shared/try-on-types';
import { pipelineStatsAtom } from '../../state/atoms';

/** The badge's figures, as shown (whole millimetres). */
type Figures = ReturnType<typeof figuresOf>;
const figuresOf = (measure: FaceMeasure) => ({
  pd: Math.round(measure.pdMm),
  error: Math.max(1, Math.round(measure.pdErrorMm)),
  width: Math.round(measure.faceWidthMm),
  widthError: Math.max(1, Math.round(measure.faceWidthErrorMm)),
  frames: measure.frames,
  /** 1 once the head's turns told the camera's distance (a number, as t()'s parameters are). */
  cameraKnown: measure.cameraKnown ? 1 : 0,
});

/** The frame count alone moves with every stats push; the millimetres are what is read. */
const sameFigures = (a: Figures | null, b: Figures | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.pd === b.pd &&
    a.error === b.error &&
    a.width === b.width &&
    a.widthError === b.widthError &&
    a.cameraKnown === b.cameraKnown);

/** Re-renders only when a figure in millimetres changes (the dialog's figures are the tap's). */
const figuresAtom = selectAtom(
  pipelineStatsAtom,
  (stats) => {
    const measure = stats?.worker?.measure;
    return measure ? figuresOf(measure) : null;
  },
  sameFigures,
);

/**
 * The measured pupillary distance, once the worker's estimate is stable: a small badge on the
 * picture, and on a tap how it was measured, its limits, and how to measure it properly.
 */
export function MeasureBadge({ active }: { active: boolean }) {
  const figures = useAtomValue(figuresAtom);
  // The figures as they were at the tap: they neither jitter nor vanish while being read.
  const [shown, setShown] = useState<Figures | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (!shown || dialog.current?.open) return;
    dialog.current?.showModal();
    // Its title first, not its one button at the end: on a short screen the dialog would open
    // scrolled to that button, its beginning out of view.
    dialog.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [shown]);
  return (
    <>
      {active && figures ? (
        <button
          type="button"
          className="measure-badge"
          aria-haspopup="dialog"
          onClick={() => setShown(figures)}
        >
          {t('measureBadge', figures)}
        </button>
      ) : null}
      {shown ? (
        <dialog
          ref={dialog}
          className="measure-dialog"
          aria-labelledby="measure-title"
          onClose={() => setShown(null)}
        >
          <h2 id="measure-title" tabIndex={-1}>
            {t('measureTitle')}
          </h2>
          <p>{t('measureResult', shown)}</p>
          {shown.cameraKnown ? null : <p>{t('measureCameraUnknown')}</p>}
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
