import { useEffect, type RefObject } from 'react';

/**
 * No work while the tab is hidden, and back by itself when it is shown. A hidden page gets no
 * video frame callbacks, so nothing is tracked or drawn; on top of that a playing video file is
 * paused (it resumes where the user left it, not minutes later) and the camera's track is
 * disabled (browsers stop delivering its frames and may turn the camera light off), both undone
 * when the tab is shown again. A file the user paused stays paused.
 */
export function useHiddenPause(
  videoRef: RefObject<HTMLVideoElement | null>,
  streamRef: RefObject<MediaStream | null>,
  isFile: () => boolean,
): void {
  useEffect(() => {
    let pausedByUs = false;
    const onVisibility = () => {
      const video = videoRef.current;
      const hidden = document.visibilityState === 'hidden';
      for (const track of streamRef.current?.getVideoTracks() ?? []) track.enabled = !hidden;
      if (!video) return;
      if (hidden) {
        pausedByUs = isFile() && !video.paused;
        if (pausedByUs) video.pause();
      } else if (pausedByUs) {
        pausedByUs = false;
        // The file may have been closed or replaced meanwhile: then there is nothing to resume.
        if (isFile() && video.paused) {
          video.play().catch((error: unknown) => console.warn('resume after hidden', error));
        }
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [videoRef, streamRef, isFile]);
}
