// withDeadline: an unanswered call is given up after its deadline; a wait the page spent frozen
// (its timer firing long after it was due, as on the thaw of a hidden tab) starts again once, so
// a worker frozen with the page gets its moment to answer, and nothing waits for ever.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DeadlinePassed, FROZEN_LATENESS_MS, withDeadline } from '../../src/shared/deadline';

const MS = 10_000;
/**
 * The page's monotonic clock, moved by the test: by `run` with the timers, by `freeze` before
 * them.
 */
let now = 0;

beforeEach(() => {
  now = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** `ms` of running time: the clock and the timers together. */
async function run(ms: number): Promise<void> {
  now += ms;
  await vi.advanceTimersByTimeAsync(ms);
}
/**
 * The page frozen for `ms`, then thawed: the clock ran on with no timer fired, and on the thaw
 * the timer due meanwhile fires at once.
 */
async function freeze(ms: number): Promise<void> {
  now += ms;
  await vi.advanceTimersToNextTimerAsync();
}

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => value,
    (error: unknown) => error,
  );

function answerLater() {
  let answer = (_value: string) => {};
  const promise = new Promise<string>((resolve) => (answer = resolve));
  return { promise, answer };
}

it('gives up on a call not answered within its deadline, and not before', async () => {
  const call = answerLater();
  const result = settle(withDeadline(call.promise, MS));
  await run(MS - 1);
  call.answer('late');
  await run(0);
  expect(await result).toBe('late');

  const silent = settle(withDeadline(answerLater().promise, MS));
  await run(MS - 1);
  let done = false;
  void silent.then(() => (done = true));
  await run(0);
  expect(done).toBe(false);
  await run(1);
  expect(await silent).toBeInstanceOf(DeadlinePassed);
});

it('takes an answer that comes just after a freeze that outlasted the deadline', async () => {
  const call = answerLater();
  const result = settle(withDeadline(call.promise, MS));
  await run(1_000);
  // The thaw: the timer due meanwhile fires at once, before the worker answers.
  await freeze(60_000);
  await run(100);
  call.answer('after the thaw');
  await run(0);
  expect(await result).toBe('after the thaw');
});

it('still gives up after a freeze: the deadline again from the thaw, and only once', async () => {
  const result = settle(withDeadline(answerLater().promise, MS));
  await run(1_000);
  await freeze(60_000);
  await run(MS - 1);
  let done = false;
  void result.then(() => (done = true));
  await run(0);
  expect(done).toBe(false);
  // Frozen again in the second wait: no third.
  await freeze(60_000);
  expect(await result).toBeInstanceOf(DeadlinePassed);
});

it('counts a timer late by a long task, not by a freeze, as on time', async () => {
  const result = settle(withDeadline(answerLater().promise, MS));
  await run(MS - 1);
  // Fired FROZEN_LATENESS_MS after it was due.
  await freeze(FROZEN_LATENESS_MS + 1);
  expect(await result).toBeInstanceOf(DeadlinePassed);
});
