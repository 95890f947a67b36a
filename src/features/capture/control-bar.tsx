import { useSetAtom } from 'jotai';
import { t } from '../../i18n';
import { photoFlashAtom, selectedModelAtom } from '../../state/atoms';
import { useToast } from '../../state/toast';
import { Icon } from '../../components/icons';
import { CAPTURE_SCALE, PHOTO_FILE_NAME } from '../../shared/ui-constants';
import type { TryOnControls } from '../../engine/use-try-on';
import { formatClock } from '../../components/format-clock';
import { useOfferFile } from './use-offer-file';
import type { useRecording } from './use-recording';

/**
 * The try-on controls: camera, switch, photo, record, cancel effect. Before any source is on the
 * camera is started from the preview's empty state, so this bar only offers it once a source runs
 * (to turn it off, or to leave a video file for the camera).
 */
export function ControlBar({
  controls,
  recording,
}: {
  controls: TryOnControls;
  recording: ReturnType<typeof useRecording>;
}) {
  const { engine, status, running, active, startCamera, stopCamera, switchCamera } = controls;
  const setSelected = useSetAtom(selectedModelAtom);
  const flash = useSetAtom(photoFlashAtom);
  const offer = useOfferFile();
  const toast = useToast();
  const takePhoto = () =>
    void engine?.commands
      .capture(CAPTURE_SCALE)
      .then((png) => {
        flash((count) => count + 1);
        offer(png, PHOTO_FILE_NAME, 'photo');
      })
      .catch((error: unknown) => {
        console.error('photo failed', error);
        toast(t('photoFailed'));
      });
  return (
    <div className="controls">
      {active ? (
        <button
          type="button"
          disabled={status !== 'ready'}
          onClick={() => (running ? stopCamera() : void startCamera())}
        >
          <Icon name={running ? 'cameraOff' : 'camera'} />
          {running ? t('cameraOff') : t('cameraOn')}
        </button>
      ) : null}
      <button type="button" disabled={!running} onClick={switchCamera}>
        <Icon name="switchCamera" />
        {t('switchCamera')}
      </button>
      <button type="button" disabled={!active || !engine} onClick={takePhoto}>
        <Icon name="photo" />
        {t('takePhoto')}
      </button>
      {/* Never disabled: with no camera or video, pressing it explains why
          (docs/behaviour.md §5). */}
      <button
        type="button"
        className={recording.recording ? 'record recording' : 'record'}
        aria-pressed={recording.recording}
        onClick={recording.toggle}
      >
        <Icon name={recording.recording ? 'stop' : 'record'} />
        {recording.recording ? t('stopRecording') : t('startRecording')}
      </button>
      {recording.recording ? (
        <span className="record-timer" role="timer" aria-label={t('recordingElapsed')}>
          {formatClock(recording.elapsedS)}
        </span>
      ) : null}
      <button
        type="button"
        disabled={!engine}
        onClick={() => {
          // Clearing the selection also stops a model still loading from landing afterwards.
          setSelected(null);
          void engine?.commands.clearGlasses();
        }}
      >
        <Icon name="cancel" />
        {t('cancelEffect')}
      </button>
    </div>
  );
}
