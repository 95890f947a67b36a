/** How often a playing file's time is looked at for a stall at its end. */
export const END_STALL_MS = 1000;
/** Within this much of its end (s), a file whose time stands still counts as having ended. */
const NEAR_END_S = 0.25;

type Watched = Pick<HTMLVideoElement, 'paused' | 'ended' | 'currentTime' | 'duration'>;

/**
 * Calls `ended` when a playing file stands still at its end without ending: Firefox, its decoder
 * suspended while the tab was hidden, played a file resumed 80 ms before its end to the end and
 * then neither ended it nor moved on (engines.e2e.ts (h), one CI run: 30 s at 10.8 of 10.8 s,
 * not paused). video-file.ts then rewinds it and plays it again at once. Stops with `signal`.
 */
export function watchEndStall(video: Watched, ended: () => void, signal: AbortSignal): void {
  let last = -1;
  const timer = setInterval(() => {
    const shown = typeof document === 'undefined' || document.visibilityState !== 'hidden';
    const playing = !video.paused && !video.ended && shown;
    const atEnd = video.duration - video.currentTime < NEAR_END_S;
    if (playing && atEnd && video.currentTime === last) {
      last = -1;
      ended();
      return;
    }
    last = playing ? video.currentTime : -1;
  }, END_STALL_MS);
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
