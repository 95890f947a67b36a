// A file standing still at its end without ending (Firefox after a hidden tab) is looped as if it
// had ended; one that plays, is paused, or stands still before its end is left alone.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { END_STALL_MS, watchEndStall } from '../../src/engine/end-stall';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const video = (currentTime: number, paused = false) => ({
  paused,
  ended: false,
  currentTime,
  duration: 10.8,
});

it('loops a file that stands still at its end, once', () => {
  const v = video(10.8);
  const ended = vi.fn();
  watchEndStall(v, ended, new AbortController().signal);
  vi.advanceTimersByTime(END_STALL_MS);
  expect(ended).not.toHaveBeenCalled();
  vi.advanceTimersByTime(END_STALL_MS);
  expect(ended).toHaveBeenCalledOnce();
  // Rewound and playing on: nothing more.
  v.currentTime = 0.1;
  vi.advanceTimersByTime(END_STALL_MS);
  v.currentTime = 1.1;
  vi.advanceTimersByTime(END_STALL_MS);
  expect(ended).toHaveBeenCalledOnce();
});

it('leaves a file that plays to its end, is paused there, or stalls before it', () => {
  const ended = vi.fn();
  const moving = video(10.3);
  const paused = video(10.8, true);
  const early = video(5);
  for (const v of [moving, paused, early]) watchEndStall(v, ended, new AbortController().signal);
  for (let i = 0; i < 5; i++) {
    moving.currentTime = Math.min(10.8, moving.currentTime + 0.2);
    if (moving.currentTime === 10.8) moving.ended = true;
    vi.advanceTimersByTime(END_STALL_MS);
  }
  expect(ended).not.toHaveBeenCalled();
});

it('stops watching with its signal', () => {
  const ended = vi.fn();
  const stop = new AbortController();
  watchEndStall(video(10.8), ended, stop.signal);
  stop.abort();
  vi.advanceTimersByTime(5 * END_STALL_MS);
  expect(ended).not.toHaveBeenCalled();
});
