import { RECORD_FPS } from '../../shared/ui-constants';

/**
 * MP4/H.264 first, the file albums and chat apps play (workers/capture/record-format.ts says
 * why); then the order of docs/behaviour.md §5: webm/vp9, webm/vp8, plain webm; then any MP4.
 */
export const RECORDER_MIME_PREFERENCE = [
  'video/mp4;codecs=avc1',
  'video/webm;codecs=vp9',
  'video/webm;codecs=vp8',
  'video/webm',
  'video/mp4',
] as const;

export function pickRecorderMime(
  isSupported: (mime: string) => boolean = (mime) => MediaRecorder.isTypeSupported(mime),
): string | null {
  return RECORDER_MIME_PREFERENCE.find((mime) => isSupported(mime)) ?? null;
}

export interface CanvasRecording {
  stop(): Promise<{ blob: Blob; ext: string }>;
}

/**
 * For browsers whose worker has no WebCodecs encoder: records what the page shows with
 * MediaRecorder, at the preview's size (the worker's 2× picture cannot reach the page cheaply).
 * Returns null when the browser can record none of the formats.
 */
export function recordCanvas(canvas: HTMLCanvasElement): CanvasRecording | null {
  if (typeof MediaRecorder === 'undefined' || typeof canvas.captureStream !== 'function') {
    return null;
  }
  const mime = pickRecorderMime();
  if (!mime) return null;
  const stream = canvas.captureStream(RECORD_FPS);
  const recorder = new MediaRecorder(stream, { mimeType: mime });
  const parts: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) parts.push(event.data);
  });
  recorder.start(1000);
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        const finish = () => stream.getTracks().forEach((track) => track.stop());
        recorder.addEventListener('stop', () => {
          finish();
          const ext = mime.startsWith('video/mp4') ? 'mp4' : 'webm';
          resolve({ blob: new Blob(parts, { type: mime }), ext });
        });
        recorder.addEventListener('error', (event) => {
          finish();
          reject(event instanceof ErrorEvent ? event.error : new Error('MediaRecorder failed'));
        });
        recorder.stop();
      }),
  };
}
