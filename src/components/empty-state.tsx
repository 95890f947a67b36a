import type { Preparing } from '../engine/use-try-on';
import { t } from '../i18n';
import { preparingStepText } from './preparing-step';
import { Icon } from './icons';
import { VideoFileButton } from './video-file-button';

interface Props {
  /** The two sources can start: the engine is ready or getting ready (not failed). */
  canStart: boolean;
  /** Still getting ready: which step of how many (an error shows neither). */
  preparing: Preparing | null;
  /** The camera is on and waits for the engine: the try-on starts by itself once it is ready. */
  cameraWaiting: boolean;
  onCamera: () => void;
  onStopCamera: () => void;
  onOpenFile: () => void;
  onFile: (file: File) => void;
  onPhoto: (file: File) => void;
}

/**
 * What the preview shows before any source is on: what to do, and the ways to start right
 * there. While the engine gets ready it says so, with its step; a source can already start (the
 * camera's permission and start-up overlap the engine's), and the picture says it waits.
 */
export function EmptyState(props: Props) {
  const { canStart, preparing, cameraWaiting } = props;
  return (
    <div className="empty-state">
      {preparing ? (
        <div className="preparing" aria-live="polite">
          <p>{t('preparing')}</p>
          <progress max={preparing.steps} value={preparing.step} aria-label={t('preparing')} />
          <span className="preparing-step">{preparingStepText(preparing)}</span>
        </div>
      ) : (
        <p className="empty-title">{t('emptyTitle')}</p>
      )}
      {cameraWaiting ? (
        <div className="empty-actions">
          <p className="camera-waiting" role="status">
            {t('cameraWaiting')}
          </p>
          <button type="button" className="start-camera" onClick={props.onStopCamera}>
            <Icon name="cameraOff" />
            {t('cancelStart')}
          </button>
        </div>
      ) : (
        <div className="empty-actions">
          <button
            type="button"
            className="start-camera"
            disabled={!canStart}
            onClick={props.onCamera}
          >
            <Icon name="camera" />
            {t('cameraOn')}
          </button>
          <VideoFileButton
            loading={false}
            disabled={!canStart}
            onOpen={props.onOpenFile}
            onFile={props.onFile}
          />
          <VideoFileButton
            kind="photo"
            loading={false}
            disabled={!canStart}
            onOpen={props.onOpenFile}
            onFile={props.onPhoto}
          />
        </div>
      )}
      <p className="empty-note">{t('emptyPrivacy')}</p>
    </div>
  );
}
