import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTryOn } from '../../engine/use-try-on';
import { t } from '../../i18n';
import { failureReason } from '../../catalogue/glasses-message';
import { wearTimeoutText } from '../../catalogue/use-wear';
import { DeadlinePassed } from '../../shared/deadline';
import type { FitOverride } from '../../shared/glasses-types';
import { engineErrorAtom } from '../../state/atoms';
import { TryOnStage } from '../../components/try-on-stage';
import { MeasureBadge } from '../true-size/measure-badge';

/** Quiet time after the last slider move before the glasses are fitted again on the picture. */
const REFIT_MS = 120;

function wearFailure(error: unknown): string {
  if (error instanceof DeadlinePassed) return wearTimeoutText();
  const reason = failureReason(error) ?? (error instanceof Error ? error.message : String(error));
  return t('checkLiveFailed', { reason });
}

/**
 * The shop's file on the camera or a video file, with the app's own engine: the override the
 * sliders set is what the manifest entry carries, so what is seen here is what the app shows.
 */
export function CheckLive({
  name,
  bytes,
  fit,
  onClose,
}: {
  name: string;
  bytes: ArrayBuffer;
  fit: FitOverride;
  onClose: () => void;
}) {
  const tryOn = useTryOn();
  const { engine, status } = tryOn;
  const engineError = useAtomValue(engineErrorAtom);
  const [failure, setFailure] = useState<string | null>(null);

  // Worn again whenever the engine is (again) ready, or the file or its override changes.
  useEffect(() => {
    if (!engine || status !== 'ready') return;
    let current = true;
    const timer = setTimeout(() => {
      // An empty override is no override: the fit's defaults apply either way.
      const worn = engine.commands.setGlasses({ id: `check:${name}`, glb: bytes.slice(0), fit });
      worn.then(
        () => current && setFailure(null),
        (error: unknown) => current && setFailure(wearFailure(error)),
      );
    }, REFIT_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [engine, status, bytes, fit, name]);

  return (
    <section className="check-live stage" aria-label={t('checkLiveTitle', { name })}>
      <header>
        <h2>{t('checkLiveTitle', { name })}</h2>
        {tryOn.running ? (
          <button type="button" className="link-button" onClick={tryOn.stopCamera}>
            {t('cameraOff')}
          </button>
        ) : null}
        <button type="button" className="link-button" onClick={onClose}>
          {t('checkLiveClose')}
        </button>
      </header>
      <TryOnStage tryOn={tryOn} badge={<MeasureBadge active={tryOn.active && !tryOn.loading} />} />
      {failure || engineError ? (
        <p role="alert" className="error">
          {failure ?? engineError}
        </p>
      ) : null}
    </section>
  );
}
