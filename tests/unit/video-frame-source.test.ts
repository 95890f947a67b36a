import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAPTURE_TIME_TRUST_MS,
  FRAME_CALLBACK_STALL_MS,
  SAME_PICTURE_MAX_S,
  videoFrameSource,
} from '../../src/engine/video-frame-source';

/** A stand-in <video> whose frame callbacks fire only when the test says so. */
function fakeVideo() {
  const callbacks = new Map<number, VideoFrameRequestCallback>();
  let nextHandle = 1;
  const video = {
    paused: false,
    ended: false,
    readyState: 4,
    currentTime: 0,
    videoWidth: 640,
    addEventListener: () => {},
    removeEventListener: () => {},
    requestVideoFrameCallback(cb: VideoFrameRequestCallback) {
      callbacks.set(nextHandle, cb);
      return nextHandle++;
    },
    cancelVideoFrameCallback(handle: number) {
      callbacks.delete(handle);
    },
    /** The engine presents a picture and calls back (when it does). */
    present(captureTime: number) {
      const waiting = [...callbacks.values()];
      callbacks.clear();
      for (const cb of waiting) cb(0, { captureTime } as VideoFrameCallbackMetadata);
    },
    callbacks,
    /** Plays on for `ms` with no frame callback: the time moves 40 ms a step. */
    playSilently(ms: number) {
      for (let t = 0; t < ms; t += 40) {
        video.currentTime += 0.04;
        vi.advanceTimersByTime(40);
      }
    },
  };
  return video;
}

/** Animation frames every 16 ms on the fake clock. */
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) =>
    setTimeout(() => cb(performance.now()), 16),
  );
  vi.stubGlobal('cancelAnimationFrame', (handle: ReturnType<typeof setTimeout>) =>
    clearTimeout(handle),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('videoFrameSource', () => {
  it('takes each picture from the video frame callback, with its capture time', () => {
    const video = fakeVideo();
    const seen: number[] = [];
    videoFrameSource(video).onNextFrame((at) => seen.push(at));
    video.currentTime = 0.04;
    // A camera's picture, captured 300 ms before its callback on a busy page.
    const captured = performance.now() - 300;
    video.present(captured);
    vi.advanceTimersByTime(FRAME_CALLBACK_STALL_MS * 3);
    expect(seen).toEqual([performance.timeOrigin + captured]);
  });

  it("takes the page's clock for every picture once a callback time is off it, ahead or behind", () => {
    for (const off of [CAPTURE_TIME_TRUST_MS + 1, -(CAPTURE_TIME_TRUST_MS + 1), 15_000]) {
      const video = fakeVideo();
      const source = videoFrameSource(video);
      const seen: number[] = [];
      const nows: number[] = [];
      // The picture off the page's clock, then one 30 ms behind it (a camera's capture time).
      for (const offset of [off, -30]) {
        source.onNextFrame((at) => seen.push(at));
        vi.advanceTimersByTime(40);
        nows.push(performance.now());
        video.present(performance.now() + offset);
      }
      expect(seen).toEqual(nows.map((now) => performance.timeOrigin + now));
    }
  });

  it('polls the picture when the callback stops while the video plays, and returns to it', () => {
    const video = fakeVideo();
    const source = videoFrameSource(video);
    const seen: number[] = [];
    const wait = () => source.onNextFrame((at) => seen.push(at));
    wait();
    video.playSilently(FRAME_CALLBACK_STALL_MS - 80);
    expect(seen).toHaveLength(0);
    video.playSilently(160);
    expect(seen).toHaveLength(1);
    // Stalled: the next picture is polled at once, not after another second.
    wait();
    video.playSilently(80);
    expect(seen).toHaveLength(2);
    // The callback comes back: it is taken, and no poll runs beside the next wait's timer.
    wait();
    const captured = performance.now() - 30;
    video.present(captured);
    expect(seen).toHaveLength(3);
    expect(seen[2]).toBe(performance.timeOrigin + captured);
    wait();
    video.playSilently(FRAME_CALLBACK_STALL_MS - 80);
    expect(seen).toHaveLength(3);
  });

  it('polls for a new decoded picture where the time moves at every animation frame', () => {
    // WebKitGTK without compositing: no frame callback, and a time that is a clock, not the
    // picture's. Pictures come every 40 ms, animation frames every 16.
    let decoded = 1;
    const video = Object.assign(fakeVideo(), {
      getVideoPlaybackQuality: () => ({ totalVideoFrames: decoded }) as VideoPlaybackQuality,
    });
    const source = videoFrameSource(video);
    const seen: number[] = [];
    // As the pump does: the next wait starts from the callback.
    let cancel = () => {};
    const wait = () => {
      cancel = source.onNextFrame((at) => {
        seen.push(at);
        wait();
      });
    };
    const play = (ms: number) => {
      for (let t = 0; t < ms; t += 8) {
        video.currentTime += 0.008;
        if (t % 40 === 32) decoded++;
        vi.advanceTimersByTime(8);
      }
    };
    wait();
    play(FRAME_CALLBACK_STALL_MS + 100);
    const stalled = seen.length;
    expect(stalled).toBeGreaterThanOrEqual(1);
    play(1000);
    // The last picture's animation frame, with nothing moving.
    vi.advanceTimersByTime(16);
    // One a picture: 25 in a second, not one per animation frame (about 62).
    expect(seen.length - stalled).toBe(25);
    cancel();
    // A count that lags the time (one the engine refreshes seldom): after SAME_PICTURE_MAX_S of
    // time without it moving, the time alone tells, at every animation frame it moves.
    const before = seen.length;
    wait();
    video.currentTime += SAME_PICTURE_MAX_S / 2;
    vi.advanceTimersByTime(100);
    expect(seen).toHaveLength(before);
    video.currentTime += SAME_PICTURE_MAX_S;
    vi.advanceTimersByTime(20);
    expect(seen).toHaveLength(before + 1);
    for (let k = 0; k < 10; k++) {
      video.currentTime += 0.016;
      vi.advanceTimersByTime(16);
    }
    expect(seen).toHaveLength(before + 11);
    cancel();
  });

  it('waits as long as it takes while the video is paused, and polls once it plays without callbacks', () => {
    const video = fakeVideo();
    video.paused = true;
    const seen: number[] = [];
    videoFrameSource(video).onNextFrame((at) => seen.push(at));
    vi.advanceTimersByTime(FRAME_CALLBACK_STALL_MS * 5);
    // A paused picture never counts, even if its time is set (a seek has its own event).
    expect(seen).toHaveLength(0);
    video.paused = false;
    video.playSilently(FRAME_CALLBACK_STALL_MS + 120);
    expect(seen).toHaveLength(1);
  });

  it('cancels every way of waiting', () => {
    const video = fakeVideo();
    const seen: number[] = [];
    const cancel = videoFrameSource(video).onNextFrame((at) => seen.push(at));
    cancel();
    video.present(10);
    video.playSilently(FRAME_CALLBACK_STALL_MS * 3);
    expect(seen).toHaveLength(0);
    expect(video.callbacks.size).toBe(0);
  });
});
