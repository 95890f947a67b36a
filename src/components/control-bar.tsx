import { useSetAtom } from 'jotai';
import { t } from '../i18n';
import { selectedModelAtom } from '../state/atoms';
import { CAPTURE_SCALE, PHOTO_FILE_NAME } from '../shared/constants';
import type { TryOnControls } from '../engine/use-try-on';
import { saveBlob } from './save-file';

/** The try-on controls: camera, switch, photo, record, video file, cancel effect. */
export function ControlBar({ controls }: { controls: TryOnControls }) {
  const setSelected = useSetAtom(selectedModelAtom);
  const { engine, status, running, startCamera, stopCamera } = controls;
  return (
    <div className="controls">
      <button
        type="button"
        disabled={status !== 'ready'}
        onClick={() => (running ? stopCamera() : void startCamera())}
      >
        {running ? t('cameraOff') : t('cameraOn')}
      </button>
      <button
        type="button"
        disabled={!running || !engine}
        onClick={() =>
          void engine
            ?.capture(CAPTURE_SCALE)
            .then((png) => saveBlob(png, PHOTO_FILE_NAME))
            .catch((e: unknown) => console.error(e))
        }
      >
        {t('takePhoto')}
      </button>
      <button
        type="button"
        disabled={!engine}
        onClick={() => {
          setSelected(null);
          void engine?.clearGlasses();
        }}
      >
        {t('cancelEffect')}
      </button>
    </div>
  );
}
