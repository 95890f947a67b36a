// Issue 48: a frame's lens figures in each index, refusals included, and 镜片最薄优先: the
// thinnest lenses first, frames without a figure after them, frames whose lenses cannot be made
// last.
import { describe, expect, it } from 'vitest';
import { lensFigures } from '../../src/features/lens/lens-figures';
import type { CellState } from '../../src/catalogue/use-catalogue';
import { thinnestFirst, type CellLens } from '../../src/features/lens/lens-edges';

const cell = (value: string) => ({ entry: { value } }) as CellState;

describe('镜片最薄优先', () => {
  it('sorts by the figure, then unknown frames, then those that cannot be made, each in order', () => {
    const cells = ['a', 'b', 'c', 'd', 'e', 'f'].map(cell);
    const edges = new Map<string, CellLens>([
      ['a', { ok: false, eye: 'right', reason: 'blank', blankMm: 86, index: 1.5 }],
      ['b', { ok: true, mm: 6.2 }],
      ['d', { ok: true, mm: 4.9 }],
      ['e', { ok: false, eye: 'left', reason: 'curve', blankMm: 70, index: 1.5 }],
      ['f', { ok: true, mm: 5.5 }],
    ]);
    const order = thinnestFirst(cells, edges).map((c) => c.entry.value);
    expect(order).toEqual(['d', 'f', 'b', 'c', 'a', 'e']);
  });
});

describe('a frame’s figures', () => {
  // A 60 mm round opening, bridge 20 (lens-thickness.test.ts works the refusals out).
  const outlineMm = Array.from({ length: 48 }, (_, i) => {
    const a = (2 * Math.PI * i) / 48;
    return [30 * Math.cos(a), 30 * Math.sin(a)];
  }).flat();
  const frame = { widthMm: 150, lensMm: 60, bridgeMm: 20, outlineMm };
  const rx = { sphere: -12, cylinder: 0, axis: 0, index: 1.5 as const, pdMm: 56 };

  it('says why −12.00 cannot be made at PD 56, in every index, polycarbonate among them', () => {
    const figures = lensFigures(frame, rx, 64)!;
    expect(figures.pdMm).toBe(56);
    expect(figures.lens).toMatchObject({ ok: false, reason: 'curve' });
    expect(figures.byIndex.map((f) => f.index)).toEqual([1.5, 1.56, 1.59, 1.6, 1.67, 1.74]);
    // r = 41.67 (1.50), 46.67 (1.56), 49.17 (1.59), 50 (1.60) …: only 1.50's is short of 42 mm;
    // the others need an 86 mm blank.
    expect(figures.byIndex.map((f) => (f.lens.ok ? 'made' : f.lens.reason))).toEqual([
      'curve',
      'blank',
      'blank',
      'blank',
      'blank',
      'blank',
    ]);
  });

  it('is made at the measured PD 62 (decentred 9: an 80 mm blank), and nothing without a PD', () => {
    expect(lensFigures(frame, { ...rx, pdMm: null }, 62)!.lens).toMatchObject({ ok: true });
    expect(lensFigures(frame, { ...rx, pdMm: null }, null)).toBeNull();
  });
});
