/**
 * A FrameSource over a <video> element: one VideoFrame per new picture, told by the video frame
 * callback, with a guard for when that callback stops coming while the video plays (Firefox at
 * times; WebKitGTK painted without compositing, as its tests run it, never calls it).
 */
import type { FrameSource } from './frame-pump';

/**
 * How long a playing, shown video may go without a video frame callback before its picture is
 * polled instead. Firefox's callback can stop firing for a video that still plays (WebGL's
 * conformance suite does not rely on it in Firefox for this; tests/engines/engines.e2e.ts's check
 * (h) shows a playing file's tab again after hiding it). A camera or file gives a picture every
 * 17–70 ms, so a second without one while playing is a stall, not a slow source.
 */
export const FRAME_CALLBACK_STALL_MS = 1000;

/** What the source reads of the video (the unit tests stand in for it). */
type Video = Pick<
  HTMLVideoElement,
  'paused' | 'ended' | 'readyState' | 'currentTime' | 'videoWidth' | 'addEventListener'
> &
  Pick<HTMLVideoElement, 'removeEventListener'> &
  Partial<
    Pick<
      HTMLVideoElement,
      'requestVideoFrameCallback' | 'cancelVideoFrameCallback' | 'getVideoPlaybackQuality'
    >
  >;

/**
 * How far a video frame callback's time may be from the page's clock and still stand for its
 * picture, ms: a camera's capture time runs tens of ms behind the callback, a file's display time
 * about a frame ahead, a late callback on a busy page a few hundred ms behind. Further off, it is
 * taken for another clock than the one the pictures polled or sought here get (a faked page clock
 * beside the frame callbacks' real one, as in tests/e2e/privacy.e2e.ts): a picture on the clock
 * ahead holds every later one on the clock behind to 1 ms steps of the model's timestamps
 * (workers/common/rising-clock.ts), and tracking nearly stops meanwhile (a still face is tracked
 * once those steps add up to 100 ms). From the first callback that far off, every picture of the
 * video takes the page's clock: decided picture by picture, a clock near the bound would flip.
 * A picture really that late (a stall of a second) is then stamped when it comes, so the stall
 * reads shorter in the figures timed from capture (workers/common/stats.ts).
 */
export const CAPTURE_TIME_TRUST_MS = 1000;

export function videoFrameSource(video: Video): FrameSource {
  /** The callback stalled and has not fired since: poll from the start of each wait. */
  let stalled = false;
  /** A callback's time was off the page's clock (CAPTURE_TIME_TRUST_MS): the page's from then. */
  let pageClockOnly = false;
  /** A picture's capture time on the page's clock (ms since its time origin). */
  const pictureTime = (metadata: VideoFrameCallbackMetadata): number => {
    const told = metadata.captureTime ?? metadata.expectedDisplayTime;
    const now = performance.now();
    // Written so that a time that is not a number counts as off.
    pageClockOnly ||= !(Math.abs(told - now) <= CAPTURE_TIME_TRUST_MS);
    return pageClockOnly ? now : told;
  };
  const pollPicture = picturePoll(video);
  const hasCallback = typeof video.requestVideoFrameCallback === 'function';
  const playing = () =>
    !video.paused &&
    !video.ended &&
    video.readyState >= 2 &&
    (typeof document === 'undefined' || document.visibilityState === 'visible');
  return {
    onNextFrame(callback) {
      const cancels: Array<() => void> = [];
      const cancel = () => {
        for (const undo of cancels.splice(0)) undo();
      };
      const once = (capturedAtMs: number) => {
        cancel();
        callback(capturedAtMs);
      };
      // A paused video that seeks shows a new picture, but Chromium calls no video frame callback
      // for it (frames in stay the same however often it seeks while paused): take it on seeked.
      const seeked = () => {
        if (video.paused) once(performance.timeOrigin + performance.now());
      };
      video.addEventListener('seeked', seeked);
      cancels.push(() => video.removeEventListener('seeked', seeked));
      if (!hasCallback) {
        cancels.push(pollPicture(once));
        return cancel;
      }
      const handle = video.requestVideoFrameCallback!((_now, metadata) => {
        stalled = false;
        once(performance.timeOrigin + pictureTime(metadata));
      });
      cancels.push(() => video.cancelVideoFrameCallback!(handle));
      const poll = () =>
        cancels.push(
          pollPicture((at) => {
            stalled = true;
            once(at);
          }),
        );
      if (stalled) poll();
      else {
        // Paused or hidden, no picture is due: look again later.
        const watch = (): ReturnType<typeof setTimeout> =>
          setTimeout(() => {
            if (playing()) poll();
            else timer = watch();
          }, FRAME_CALLBACK_STALL_MS);
        let timer = watch();
        cancels.push(() => clearTimeout(timer));
      }
      return cancel;
    },
    grab(timestampUs) {
      if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !video.videoWidth) return null;
      return new VideoFrame(video as HTMLVideoElement, { timestamp: timestampUs });
    },
  };
}

/**
 * How far a polled video's time may move while its decoded-picture count stands still: past it,
 * the count is taken for one the engine refreshes less often than it shows pictures, and the time
 * alone tells a new picture from then on. A source slower than 4 pictures a second is not one the
 * app plays.
 */
export const SAME_PICTURE_MAX_S = 0.25;

/**
 * Waits, on animation frames, for the video to show a new picture; returns a cancel. A new
 * picture is told by the count of pictures the video decoded where the engine keeps one that
 * moves: WebKitGTK's `currentTime` moves at every animation frame, not every picture, so the time
 * alone takes each picture about twice (42–49 frames a second in from a 25 fps file in
 * WebKitGTK 2.50). Firefox counts nothing for a camera (no decoder): the time alone tells there.
 */
function picturePoll(video: Pick<Video, 'currentTime' | 'getVideoPlaybackQuality'>) {
  /** The count has lagged the time once: the time alone tells, for this video. */
  let countLags = false;
  return (callback: (capturedAtMs: number) => void): (() => void) => {
    const lastTime = video.currentTime;
    const lastCount = decodedCount(video);
    const byCount = lastCount > 0 && !countLags;
    const isNew = (): boolean => {
      const time = video.currentTime;
      if (!byCount) return time !== lastTime;
      if (decodedCount(video) !== lastCount) return true;
      countLags = Math.abs(time - lastTime) >= SAME_PICTURE_MAX_S;
      return countLags;
    };
    let handle = 0;
    const poll = () => {
      if (isNew()) callback(performance.timeOrigin + performance.now());
      else handle = requestAnimationFrame(poll);
    };
    handle = requestAnimationFrame(poll);
    return () => cancelAnimationFrame(handle);
  };
}

/** Pictures the video has decoded so far; 0 where the engine does not count them. */
const decodedCount = (video: Pick<Video, 'getVideoPlaybackQuality'>): number =>
  video.getVideoPlaybackQuality?.().totalVideoFrames ?? 0;
