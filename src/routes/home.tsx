import { useAtomValue } from 'jotai';
import { ControlBar } from '../components/control-bar';
import { TryOnView } from '../components/try-on-view';
import { useCatalogue } from '../catalogue/use-catalogue';
import { ModelGrid } from '../components/model-grid';
import { VideoFileBar } from '../components/video-file-bar';
import { VideoFileButton } from '../components/video-file-button';
import { useTryOn } from '../engine/use-try-on';
import { t } from '../i18n';
import { engineErrorAtom } from '../state/atoms';
import { storageUnavailableAtom } from '../storage/storage-status';

export function Home() {
  const { canvasRef, videoRef, canvasKey, ...controls } = useTryOn();
  const error = useAtomValue(engineErrorAtom);
  const storageUnavailable = useAtomValue(storageUnavailableAtom);
  const { status, engine } = controls;

  const catalogue = useCatalogue(engine, controls.active);

  return (
    <main className="home">
      <h1 className="title">{t('homeTitle')}</h1>
      <VideoFileButton
        loading={controls.loading}
        disabled={status !== 'ready'}
        onOpen={controls.stopCamera}
        onFile={(file) => void controls.openVideoFile(file)}
      />
      <TryOnView
        canvasRef={canvasRef}
        videoRef={videoRef}
        canvasKey={canvasKey}
        status={status}
        engine={engine}
        loading={controls.loading}
        active={controls.active}
      />
      {controls.videoMode ? <VideoFileBar videoRef={videoRef} /> : null}
      {storageUnavailable ? <p className="notice">{t('storageUnavailable')}</p> : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <ControlBar controls={controls} />
      <ModelGrid cells={catalogue.cells} onTap={(entry) => void catalogue.tap(entry)} />
    </main>
  );
}
