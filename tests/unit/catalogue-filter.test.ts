import { describe, expect, it } from 'vitest';
import {
  MAX_QUERY_LENGTH,
  narrow,
  readFilter,
  writeFilter,
} from '../../src/catalogue/catalogue-filter';
import type { CatalogueEntry } from '../../src/catalogue/manifest';

const entry = (serialNo: string, text: string, file = `${serialNo}.glb`): CatalogueEntry => ({
  value: `models/${file}`,
  serialNo,
  text,
});
const cells = [
  entry('001', '经典圆框'),
  entry('002', '方框 Titan'),
  entry('103', '猫眼 板材', 'cat-eye.glb'),
  entry('104', '圆框 钛'),
].map((e) => ({ entry: e }));
const serials = (list: { entry: CatalogueEntry }[]) => list.map((c) => c.entry.serialNo);

describe('catalogue filter', () => {
  it('finds by name, number or file, every word, any width or case', () => {
    const find = (query: string) => serials(narrow(cells, { query, onlyFavourites: false }, []));
    expect(find('圆框')).toEqual(['001', '104']);
    expect(find('圆框 钛')).toEqual(['104']);
    expect(find('10')).toEqual(['103', '104']);
    expect(find('TITAN')).toEqual(['002']);
    // Full-width letters and digits, as a Chinese keyboard may type them.
    expect(find('ｔｉｔａｎ')).toEqual(['002']);
    expect(find('１０３')).toEqual(['103']);
    expect(find('cat-eye')).toEqual(['103']);
    expect(find('  ')).toEqual(['001', '002', '103', '104']);
    expect(find('无此款')).toEqual([]);
  });

  it('narrows to 收藏, none while they are still being read', () => {
    const values = ['models/002.glb', 'models/104.glb'];
    expect(serials(narrow(cells, { query: '', onlyFavourites: true }, values))).toEqual([
      '002',
      '104',
    ]);
    expect(serials(narrow(cells, { query: '圆', onlyFavourites: true }, values))).toEqual(['104']);
    expect(narrow(cells, { query: '', onlyFavourites: true }, null)).toEqual([]);
  });

  it('lives in the address beside its other parameters, and reads back as written', () => {
    const search = writeFilter('glasses=001&embed=1', { query: '圆框 钛', onlyFavourites: true });
    const params = new URLSearchParams(search);
    expect(params.get('glasses')).toBe('001');
    expect(params.get('embed')).toBe('1');
    expect(readFilter(search)).toEqual({ query: '圆框 钛', onlyFavourites: true });
    // Cleared: the parameters go, the others stay.
    expect(writeFilter(search, { query: ' ', onlyFavourites: false })).toBe('glasses=001&embed=1');
    // A hostile link's query is cut to a length no name has.
    const long = readFilter(`q=${'x'.repeat(10_000)}`);
    expect(long.query).toHaveLength(MAX_QUERY_LENGTH);
  });
});
