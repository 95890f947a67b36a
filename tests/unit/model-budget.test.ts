import { describe, expect, it } from 'vitest';
import { chooseEvictions } from '../../src/catalogue/model-budget';
import { parseModelUse } from '../../src/storage/model-use';

const model = (value: string, at: number, bytes = 100) => ({ value, at, bytes });

describe('chooseEvictions', () => {
  it('clears the least recently worn until the rest fit, and nothing when they fit', () => {
    const stored = [model('c', 30), model('a', 10), model('d', 40), model('b', 20)];
    expect(chooseEvictions(stored, 400, new Set())).toEqual([]);
    expect(chooseEvictions(stored, 399, new Set())).toEqual(['a']);
    expect(chooseEvictions(stored, 200, new Set())).toEqual(['a', 'b']);
  });

  it('never clears a kept one, even when the kept alone are over the budget', () => {
    const stored = [model('a', 10), model('b', 20), model('c', 30)];
    expect(chooseEvictions(stored, 200, new Set(['a']))).toEqual(['b']);
    expect(chooseEvictions(stored, 0, new Set(['a', 'c']))).toEqual(['b']);
  });

  it('takes models of unknown age (an older version stored them) first, by size', () => {
    const stored = [model('new', 50, 300), model('old', 0, 300), model('mid', 20, 300)];
    expect(chooseEvictions(stored, 600, new Set())).toEqual(['old']);
  });
});

describe('parseModelUse', () => {
  it('reads its own shape, drops implausible rows one by one, and counts others as none', () => {
    const record = {
      version: 1,
      models: { 'a.glb': { at: 5, bytes: 10 }, 'b.glb': { at: -1, bytes: 1 }, 'c.glb': null },
    };
    expect(parseModelUse(record)).toEqual({ 'a.glb': { at: 5, bytes: 10 } });
    expect(parseModelUse({ version: 2, models: {} })).toEqual({});
    expect(parseModelUse('x')).toEqual({});
  });
});
