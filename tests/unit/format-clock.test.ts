import { describe, expect, it } from 'vitest';
import { formatClock } from '../../src/components/format-clock';

describe('formatClock', () => {
  it('shows m:ss, flooring to whole seconds', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(9.99)).toBe('0:09');
    expect(formatClock(10.8)).toBe('0:10');
    expect(formatClock(61)).toBe('1:01');
    expect(formatClock(3600)).toBe('60:00');
  });

  it('shows 0:00 for times a video does not know yet', () => {
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatClock(-3)).toBe('0:00');
  });
});
