import { describe, expect, it } from 'vitest';
import { RisingClock } from '../../workers/common/rising-clock';

describe('RisingClock (the model timestamps)', () => {
  it('keeps capture times that rise, and lifts the others to the last one + 1 ms', () => {
    const clock = new RisingClock();
    const out = [5000, 5033, 10, 10, 20, 4999.9, 6000].map((ms) => clock.next(ms));
    expect(out).toEqual([5000, 5033, 5034, 5035, 5036, 5037, 6000]);
  });

  it('gives a picture tracked again a later timestamp than every one before', () => {
    const clock = new RisingClock();
    clock.next(100);
    expect(clock.again()).toBe(101);
    expect(clock.next(101)).toBe(102);
    expect(clock.next(200)).toBe(200);
  });
});
