import { describe, expect, it } from 'vitest';
import {
  CRASH_LOOP_WINDOW_MS,
  CrashBackoff,
  RESTART_DELAYS_MS,
} from '../../src/engine/crash-backoff';

describe('CrashBackoff', () => {
  it('restarts at once after a lone crash, however many came long before', () => {
    const backoff = new CrashBackoff();
    let now = 0;
    for (let i = 0; i < 5; i++) {
      expect(backoff.next(now)).toBe(0);
      now += CRASH_LOOP_WINDOW_MS;
    }
  });

  it('waits longer for each crash in a loop, up to the last step, and stays there', () => {
    const backoff = new CrashBackoff();
    const delays: number[] = [];
    let now = 1_000;
    for (let i = 0; i < 8; i++) {
      const delay = backoff.next(now);
      delays.push(delay);
      now += delay + 3_000; // the fresh engine starts and dies again
    }
    expect(delays).toEqual([...RESTART_DELAYS_MS, 30_000, 30_000, 30_000]);
  });

  it('starts afresh after a quiet window', () => {
    const backoff = new CrashBackoff();
    expect(backoff.next(0)).toBe(0);
    expect(backoff.next(10_000)).toBe(RESTART_DELAYS_MS[1]);
    expect(backoff.next(10_000 + CRASH_LOOP_WINDOW_MS)).toBe(0);
  });
});
