import { withDeadline } from '../../shared/deadline';
import { RECORD_FPS, RECORDER_STOP_MS } from '../../shared/ui-constants';

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
  // Heard from the start: a recorder that ended by itself (its track ended, an encoder error)
  // fires nothing at a later stop(), and a stop() must not wait for an event that has passed.
  const ended = new Promise<void>((resolve, reject) => {
    recorder.addEventListener('stop', () => resolve());
    recorder.addEventListener('error', (event) =>
      reject(event instanceof ErrorEvent ? event.error : new Error('MediaRecorder failed')),
    );
  });
  ended.catch(() => {}); // said at stop()
  recorder.start(1000);
  return {
    stop: async () => {
      try {
        if (recorder.state !== 'inactive') recorder.stop();
        await withDeadline(ended, RECORDER_STOP_MS);
      } finally {
        stream.getTracks().forEach((track) => track.stop());
      }
      if (parts.length === 0) throw new Error('MediaRecorder recorded nothing');
      const ext = mime.startsWith('video/mp4') ? 'mp4' : 'webm';
      return { blob: new Blob(parts, { type: mime }), ext };
    },
  };
}
