import type { ModelStatus } from '../../catalogue/model-status';
import { t } from '../../i18n';

const RING = 2 * Math.PI * 9;

interface Props {
  status: ModelStatus;
  progress: number;
  /** Being put on (loaded into the engine, not on the face yet): a turning arc. */
  wearing: boolean;
}

/**
 * Downloaded ✓, downloading (a clock with a progress ring), not downloaded ↓; being put on, a
 * turning arc whatever the status (after a download, in place of its finished ring).
 */
export function StatusIcon({ status, progress, wearing }: Props) {
  if (wearing)
    return (
      <svg
        className="status-icon wearing"
        viewBox="0 0 24 24"
        role="img"
        aria-label={t('statusWearing')}
      >
        <circle cx="12" cy="12" r="9" className="track" />
        <circle cx="12" cy="12" r="9" className="ring" strokeDasharray={`${RING / 4} ${RING}`} />
      </svg>
    );
  const label =
    status === 'downloaded'
      ? t('statusDownloaded')
      : status === 'downloading'
        ? t('statusDownloading')
        : t('statusNotDownloaded');
  // ✓ and ↓, in every cell, are bitmaps drawn once (components/bitmap-icons.ts), not paths.
  if (status !== 'downloading')
    return <span className={`status-icon glyph ${status}`} role="img" aria-label={label} />;
  return (
    <svg className="status-icon downloading" viewBox="0 0 24 24" role="img" aria-label={label}>
      <circle cx="12" cy="12" r="9" className="track" />
      <circle
        cx="12"
        cy="12"
        r="9"
        className="ring"
        strokeDasharray={`${RING * progress} ${RING}`}
        transform="rotate(-90 12 12)"
      />
      <path d="M12 7.5V12l3 2" />
    </svg>
  );
}
