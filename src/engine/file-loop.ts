import { LOOP_RESTART_MS } from '../shared/ui-constants';

/** The file's <video> as far as its loop uses it. */
type Looped = Pick<
  HTMLVideoElement,
  'paused' | 'ended' | 'currentTime' | 'play' | 'addEventListener' | 'removeEventListener'
>;

/** Videos in their loop's pause: rewound at their end, to play again once it is over. */
const pausing = new WeakSet<object>();

/**
 * Whether `video` is in its loop's pause. It is paused and no longer ended there, but the file
 * still counts as playing: 播放/暂停 says 暂停 (video-file-bar.tsx).
 */
export function inLoopPause(video: object): boolean {
  return pausing.has(video);
}

/** The user paused the file in its loop's pause (playback-toggle.ts): it stays at its start. */
export function cancelLoopPause(video: object): void {
  pausing.delete(video);
}

/**
 * Loops a file by hand, as docs/behaviour.md §4 says: at its end it rewinds at once and plays
 * again after LOOP_RESTART_MS. The rewind comes first so that the start is sought and decoded
 * during the pause, not after it: rewound after the pause, WebKit's recording held the clip's
 * last frame 0.27 s on a quiet machine (tests/engines (e) reports the longest hold and where).
 * A seek elsewhere or a play in the pause is the user's, and the loop leaves the file to them.
 * Stops with `signal`.
 */
export function loopFile(video: Looped, signal: AbortSignal): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drop = () => {
    clearTimeout(timer);
    pausing.delete(video);
  };
  video.addEventListener(
    'ended',
    () => {
      // A seek or a restart may have come before this queued event: then it has not ended.
      if (!video.ended) return;
      drop();
      pausing.add(video);
      video.currentTime = 0;
      timer = setTimeout(() => {
        if (pausing.has(video) && video.paused) void video.play().catch(() => {});
        pausing.delete(video);
      }, LOOP_RESTART_MS);
    },
    { signal },
  );
  video.addEventListener(
    'seeking',
    () => {
      if (video.currentTime !== 0) drop();
    },
    { signal },
  );
  video.addEventListener('play', drop, { signal });
  signal.addEventListener('abort', drop, { once: true });
}
