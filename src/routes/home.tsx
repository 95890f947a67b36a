import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { StatsOverlay } from '../components/stats-overlay';
import { useTryOn } from '../engine/use-try-on';
import { t } from '../i18n';
import { ASSET_PATHS, CAPTURE_SCALE, PHOTO_FILE_NAME } from '../shared/constants';
import { saveBlob } from '../components/save-file';
import { fetchAsset } from '../engine/engine-assets';
import { engineErrorAtom } from '../state/atoms';

const showStats = new URLSearchParams(location.search).has('stats');

export function Home() {
  const { canvasRef, videoRef, canvasKey, engine, status, running, startCamera, stopCamera } =
    useTryOn();
  const error = useAtomValue(engineErrorAtom);

  // The pipeline proof shows one default model; the catalogue grid replaces this.
  useEffect(() => {
    if (status !== 'ready' || !engine) return;
    void Promise.all([fetchAsset(ASSET_PATHS.defaultModel), fetch(ASSET_PATHS.defaultMaterial)])
      .then(async ([glb, material]) =>
        engine.setGlasses({
          id: '001',
          glb,
          materials: material.ok ? await material.json() : undefined,
        }),
      )
      .catch((e: unknown) => console.error(t('glassesLoadFailed'), e));
  }, [status, engine]);

  return (
    <main className="home">
      <h1 className="title">{t('homeTitle')}</h1>
      <div className="view" data-status={status}>
        <video ref={videoRef} className="source" playsInline muted />
        <canvas key={canvasKey} ref={canvasRef} className="picture" data-testid="picture" />
        <StatsOverlay visible={showStats} />
      </div>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
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
        <button type="button" disabled={!engine} onClick={() => void engine?.clearGlasses()}>
          {t('cancelEffect')}
        </button>
      </div>
    </main>
  );
}
