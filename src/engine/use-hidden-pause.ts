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
    const video = videoRef.current;
    // A file's loop restarts it 100 ms after its end, hidden or not: held until shown.
    const onPlay = () => {
      if (document.visibilityState !== 'hidden' || !isFile() || !video) return;
      pausedByUs = true;
      video.pause();
    };
    const onVisibility = () => {
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
    video?.addEventListener('play', onPlay);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      video?.removeEventListener('play', onPlay);
    };
  }, [videoRef, streamRef, isFile]);
}
