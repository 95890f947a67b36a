// A video's play() that never settles (WebKitGTK's, once, with a loaded file under 处理中 for 14
// minutes) ends at PLAY_START_MS: a video that plays counts as started, a paused one fails.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PlayDidNotStart, startPlaying } from '../../src/engine/start-playing';
import { PLAY_START_MS } from '../../src/shared/ui-constants';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const video = (play: () => Promise<void>, paused: boolean) =>
  ({ play, paused }) as unknown as HTMLVideoElement;
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

it('counts a video that plays as started though its play() never settles', async () => {
  const started = startPlaying(video(never, false));
  await vi.advanceTimersByTimeAsync(PLAY_START_MS);
  await expect(started).resolves.toBeUndefined();
});

it('passes on play() refusing at once', async () => {
  const refusal = new DOMException('not allowed', 'NotAllowedError');
  await expect(startPlaying(video(() => Promise.reject(refusal), true))).rejects.toBe(refusal);
});
