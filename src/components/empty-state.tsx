import { t } from '../i18n';
import { Icon } from './icons';
import { VideoFileButton } from './video-file-button';

interface Props {
  /** The engine is ready: the two sources can start. */
  ready: boolean;
  /** Still getting ready: which step of how many (an error shows neither). */
  preparing: { step: number; steps: number } | null;
  onCamera: () => void;
  onOpenFile: () => void;
  onFile: (file: File) => void;
}

/**
 * What the preview shows before any source is on: what to do, and the two ways to start right
 * there; while the engine gets ready it says so, with its step, instead of greyed-out buttons.
 */
export function EmptyState({ ready, preparing, onCamera, onOpenFile, onFile }: Props) {
  return (
    <div className="empty-state">
      {preparing ? (
        <div className="preparing" aria-live="polite">
          <p>{t('preparing')}</p>
          <progress max={preparing.steps} value={preparing.step} aria-label={t('preparing')} />
          <span className="preparing-step">
            {t('preparingStep', { step: preparing.step + 1, steps: preparing.steps })}
          </span>
        </div>
      ) : (
        <p className="empty-title">{t('emptyTitle')}</p>
      )}
      <div className="empty-actions">
        <button type="button" className="start-camera" disabled={!ready} onClick={onCamera}>
          <Icon name="camera" />
          {t('cameraOn')}
        </button>
        <VideoFileButton loading={false} disabled={!ready} onOpen={onOpenFile} onFile={onFile} />
      </div>
      <p className="empty-note">{t('emptyPrivacy')}</p>
    </div>
  );
}
