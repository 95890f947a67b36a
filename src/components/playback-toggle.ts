import { cancelLoopPause, inLoopPause } from '../engine/file-loop';

/** What 播放/暂停 acts on: the file's <video>. */
export type ToggledVideo = Pick<
  HTMLVideoElement,
  'ended' | 'paused' | 'currentTime' | 'play' | 'pause'
>;

/**
 * The play/pause button does what its label says. The file's loop (src/engine/file-loop.ts)
 * leaves it paused for a moment at its end, rewound, while the label still says 暂停: a tap then
 * keeps it paused at its start, which the loop leaves alone, instead of playing it as a paused
 * video would be. The start is sought again, so the label hears of it.
 */
export function togglePlayback(video: ToggledVideo, shownPlaying: boolean): void {
  if (shownPlaying) {
    video.pause();
    if (!video.ended && !inLoopPause(video)) return;
    cancelLoopPause(video);
    video.currentTime = 0;
  } else void video.play().catch(() => {});
}
