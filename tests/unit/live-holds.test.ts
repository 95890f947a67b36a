// How long the live picture stayed on one source frame, as the outside judge counts it
// (tests/outside/live-judge.ts): a frozen screen is caught whoever shoots it, and a display
// grabber's own pause is not taken for one.
import { describe, expect, it } from 'vitest';
import { holdsOf, type SeenFrame } from '../outside/live-judge';

/** Shots every `everyMs` from `fromMs`, showing the frames `indices` one after another. */
const shots = (fromMs: number, everyMs: number, indices: number[], grabbed?: true) =>
  indices.map((index, k): SeenFrame => ({ atMs: fromMs + k * everyMs, index, grabbed }));

describe('holdsOf', () => {
  it('counts a picture seen on every shot for 3.5 s as held 3.5 s, by either shooter', () => {
    const frozen = [1, 2, ...Array<number>(35).fill(3), 4, 5];
    for (const grabbed of [undefined, true] as const) {
      const r = holdsOf(shots(0, 100, frozen, grabbed));
      expect(r.longestHoldS).toBeCloseTo(3.5, 5);
      expect(r.shown).toBe(5);
      expect(r.longestGapS).toBeCloseTo(0.1, 5);
    }
  });

  it("does not count a display grabber's pause and its catch-up burst as a hold", () => {
    // 10 a second, then nothing for 3.8 s, then 38 grabs within 38 ms (what x11grab does).
    const before = shots(0, 100, [1, 2, 3, 4, 5], true);
    const burst = shots(4200, 1, Array<number>(38).fill(9), true);
    const after = shots(4300, 100, [10, 11, 12], true);
    const r = holdsOf([...before, ...burst, ...after]);
    expect(r.longestHoldS).toBeLessThan(0.2);
    expect(r.longestGapS).toBeCloseTo(3.8, 5);
  });

  it('counts a screenshot that waited 3.8 s on the page as the page holding its picture', () => {
    const r = holdsOf([...shots(0, 100, [1, 2, 3]), ...shots(4000, 100, [4, 5, 6])]);
    expect(r.longestHoldS).toBeCloseTo(3.8, 5);
  });
});
