import { t } from '../i18n';
import type { FacingMode } from '../state/atoms';
import { currentInAppBrowser, inAppName } from './in-app-browser';

/** A camera failure whose message is ready to show (Chinese). */
export class CameraError extends Error {
  override name = 'CameraError';
}

/** Opens the camera, or throws a CameraError. */
export async function openCamera(facingMode: FacingMode): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    console.log(t('noGetUserMedia'));
    throw new CameraError(t('noGetUserMedia'));
  }
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode, width: { ideal: 640 }, height: { ideal: 480 } },
    });
  } catch (error) {
    throw new CameraError(cameraMessage(error), { cause: error });
  }
}

export function cameraMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    // An app's browser asks the phone's settings for the app, not the browser's own settings.
    const app = currentInAppBrowser();
    return app ? t('cameraDeniedInApp', { app: inAppName(app) }) : t('cameraDenied');
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return t('cameraNotFound');
  if (name === 'NotReadableError' || name === 'AbortError') return t('cameraInUse');
  return t('cameraFailed', { reason: error instanceof Error ? error.message : String(error) });
}

export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}
