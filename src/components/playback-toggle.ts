/** What 播放/暂停 acts on: the file's <video>. */
export type ToggledVideo = Pick<
  HTMLVideoElement,
  'ended' | 'paused' | 'currentTime' | 'play' | 'pause'
>;

/**
 * The play/pause button does what its label says. The file's loop (src/engine/video-file.ts)
 * leaves it paused at its end for a moment while the label still says 暂停: a tap then pauses
 * it at its start (where the loop would have gone), which the loop leaves alone, instead of
 * playing it as a paused video would be.
 */
export function togglePlayback(video: ToggledVideo, shownPlaying: boolean): void {
  if (shownPlaying) {
    video.pause();
    if (video.ended) video.currentTime = 0;
  } else void video.play().catch(() => {});
}
