import { describe, expect, it } from 'vitest';
import { groupColours } from '../../src/features/grid/colour-groups';
import type { CatalogueEntry } from '../../src/catalogue/manifest';

const cell = (serialNo: string, group?: string, selected = false) => ({
  entry: { value: `m/${serialNo}.glb`, serialNo, text: serialNo, ...(group ? { group } : {}) },
  selected,
});
const shown = (
  models: { entry: CatalogueEntry; colours: readonly { entry: CatalogueEntry }[] }[],
) => models.map((m) => `${m.entry.serialNo}(${m.colours.map((c) => c.entry.serialNo).join(',')})`);

describe('groupColours', () => {
  it('makes one model of each group, where its first colour was, and leaves the rest alone', () => {
    const cells = [cell('1'), cell('2a', 'g'), cell('3'), cell('2b', 'g'), cell('4', 'h')];
    expect(shown(groupColours(cells, {}))).toEqual(['1()', '2a(2a,2b)', '3()', '4()']);
  });

  it('shows the colour chosen on it, else the one worn, else the first', () => {
    const cells = [cell('a', 'g'), cell('b', 'g', true), cell('c', 'g')];
    expect(shown(groupColours(cells, {}))).toEqual(['b(a,b,c)']);
    expect(shown(groupColours(cells, { g: 'm/c.glb' }))).toEqual(['c(a,b,c)']);
    // A choice the filter left out: the worn one.
    expect(shown(groupColours(cells.slice(0, 2), { g: 'm/c.glb' }))).toEqual(['b(a,b)']);
  });
});
