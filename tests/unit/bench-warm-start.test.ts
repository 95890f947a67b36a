// The bench's warm start is the median of its reloads, each reload's time kept beside it.
import { expect, it } from 'vitest';
import { medianStart } from '../../bench/lib/configs.mjs';

it('takes the median reload whole, and lists every reload in turn', () => {
  const reload = (firstTrackedMs: number, clickMs: number) => ({ firstTrackedMs, clickMs });
  const starts = [reload(1900, 600), reload(1200, 400), reload(1500, 500)];
  expect(medianStart(starts)).toEqual({
    firstTrackedMs: 1500,
    clickMs: 500,
    reloadsMs: [1900, 1200, 1500],
  });
});
