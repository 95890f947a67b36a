// play()'s promise may never settle (seen in WebKitGTK): the start ends at PLAY_START_MS, a video
// that plays with data to go on counts as started, any other fails.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PlayDidNotStart, startPlaying } from '../../src/engine/start-playing';
import { PLAY_START_MS } from '../../src/shared/ui-constants';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const HAVE_CURRENT_DATA = 2;
const HAVE_ENOUGH_DATA = 4;
vi.stubGlobal('HTMLMediaElement', { HAVE_FUTURE_DATA: 3 });

const video = (play: () => Promise<void>, paused: boolean, readyState = HAVE_ENOUGH_DATA) =>
  ({ play, paused, readyState }) as unknown as HTMLVideoElement;
const never = () => new Promise<void>(() => {});

it('fails a paused video whose play() never settles, at the deadline and not before', async () => {
  let outcome: unknown = 'pending';
  startPlaying(video(never, true)).then(
    () => (outcome = 'started'),
    (error: unknown) => (outcome = error),
  );
  await vi.advanceTimersByTimeAsync(PLAY_START_MS - 1);
  expect(outcome).toBe('pending');
  await vi.advanceTimersByTimeAsync(1);
  expect(outcome).toBeInstanceOf(PlayDidNotStart);
});

it('fails an unpaused video with no data to play on, at the deadline', async () => {
  const started = startPlaying(video(never, false, HAVE_CURRENT_DATA));
  const failed = expect(started).rejects.toBeInstanceOf(PlayDidNotStart);
  await vi.advanceTimersByTimeAsync(PLAY_START_MS);
  await failed;
});

it('counts a video that plays as started though its play() never settles', async () => {
  const started = startPlaying(video(never, false));
  await vi.advanceTimersByTimeAsync(PLAY_START_MS);
  await expect(started).resolves.toBeUndefined();
});

it('passes on play() refusing at once', async () => {
  const refusal = new DOMException('not allowed', 'NotAllowedError');
  await expect(startPlaying(video(() => Promise.reject(refusal), true))).rejects.toBe(refusal);
});
