import type { Preparing } from '../engine/use-try-on';
import { t } from '../i18n';
import { preparingStepText } from './preparing-step';

interface Props {
  visible: boolean;
  /** The engine is still getting ready (a file waits for it): which step of how many. */
  preparing?: Preparing | null;
}

/** Covers the view with a spinner while a video file loads, and the engine's step if it waits. */
export function ProcessingOverlay({ visible, preparing }: Props) {
  if (!visible) return null;
  return (
    <div className="processing" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('processing')}</span>
      {preparing ? (
        <span className="preparing-step">
          {t('preparing')} {preparingStepText(preparing)}
        </span>
      ) : null}
    </div>
  );
}
