import { VIDEO_MAX_BYTES } from '../shared/ui-constants';
import { watchEndStall } from './end-stall';
import { loopFile } from './file-loop';

/** A file that stalls this long without a picture or an error counts as not loading. */
const LOAD_TIMEOUT_MS = 20_000;

/** What is wrong with a chosen file before trying to play it (string keys of i18n). */
export function videoFileProblem(
  file: File,
): 'videoTooLarge' | 'videoEmpty' | 'videoLoadFailed' | null {
  if (file.size > VIDEO_MAX_BYTES) return 'videoTooLarge';
  if (file.size === 0) return 'videoEmpty';
  // An empty type means the browser does not know; let the <video> decide.
  if (file.type && !file.type.startsWith('video/')) return 'videoLoadFailed';
  return null;
}

export interface VideoFileHooks {
  /** The picture jumped (a seek, the loop's rewind). */
  onJump(): void;
  /** The file failed after it had loaded (decode error). */
  onFail(): void;
}

export interface VideoFileSession {
  /** Stops playback, forgets the file and releases its object URL. Safe to call twice. */
  release(): void;
}

/**
 * Puts `file` into `video` and resolves once its first picture is decoded; rejects when it does not
 * load or has no picture (an audio file, a renamed text file). Loops by hand (file-loop.ts: the
 * `loop` attribute would not give the pause, nor an event to restart the pose smoothing on).
 */
export function loadVideoFile(
  video: HTMLVideoElement,
  file: File,
  hooks: VideoFileHooks,
): { session: VideoFileSession; loaded: Promise<void> } {
  const url = URL.createObjectURL(file);
  const controller = new AbortController();
  const { signal } = controller;
  let released = false;

  const session: VideoFileSession = {
    release() {
      if (released) return;
      released = true;
      controller.abort();
      video.pause();
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
    },
  };

  const loaded = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('video load timed out')), LOAD_TIMEOUT_MS);
    const settle = (error?: Error) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    signal.addEventListener('abort', () => settle(new Error('released')));
    video.addEventListener(
      'loadeddata',
      () => settle(video.videoWidth > 0 ? undefined : new Error('no video track')),
      { once: true, signal },
    );
    video.addEventListener('error', () => settle(new Error('video error')), { once: true, signal });
  }).then(() => {
    video.addEventListener('error', () => hooks.onFail(), { signal });
    video.addEventListener('seeking', () => hooks.onJump(), { signal });
    loopFile(video, signal);
    watchEndStall(
      video,
      () => {
        video.currentTime = 0;
        void video.play().catch(() => {});
      },
      signal,
    );
  });

  video.srcObject = null;
  video.src = url;
  return { session, loaded };
}
