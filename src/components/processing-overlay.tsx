import { t } from '../i18n';

/** Covers the view with a spinner while a video file loads. */
export function ProcessingOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div className="processing" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('processing')}</span>
    </div>
  );
}
