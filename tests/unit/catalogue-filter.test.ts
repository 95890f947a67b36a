import { describe, expect, it } from 'vitest';
import {
  facetCounts,
  MAX_QUERY_LENGTH,
  narrow,
  NO_FILTER,
  readFilter,
  writeFilter,
  type CatalogueFilter,
} from '../../src/features/grid/catalogue-filter';
import type { CatalogueEntry } from '../../src/catalogue/manifest';

const entry = (
  serialNo: string,
  text: string,
  more: Partial<CatalogueEntry> = {},
): CatalogueEntry => ({ value: `models/${serialNo}.glb`, serialNo, text, ...more });
const cells = [
  entry('001', '经典圆框', {
    textEn: 'Classic round',
    shape: 'round',
    rim: 'full',
    material: '金属',
    price: 299,
  }),
  entry('002', '方框 Titan', {
    shape: 'square',
    brand: '明月',
    tags: ['商务'],
    price: 599,
    gender: 'men',
    ageGroup: 'adult',
  }),
  entry('103', '猫眼 板材', {
    value: 'models/cat-eye.glb',
    shape: 'cat-eye',
    rim: 'full',
    gender: 'women',
    ageGroup: 'adult',
  }),
  entry('104', '圆框 钛', { shape: 'round', rim: 'half', material: '钛', price: 899 }),
].map((e) => ({ entry: e }));
const serials = (list: { entry: CatalogueEntry }[]) => list.map((c) => c.entry.serialNo);
const only = (change: Partial<CatalogueFilter>, favourites: string[] | null = []) =>
  serials(narrow(cells, { ...NO_FILTER, ...change }, favourites));

describe('catalogue filter', () => {
  it('finds by name, number, file, brand or tag, every word, any width or case', () => {
    const find = (query: string) => only({ query });
    expect(find('圆框')).toEqual(['001', '104']);
    expect(find('圆框 钛')).toEqual(['104']);
    expect(find('10')).toEqual(['103', '104']);
    expect(find('TITAN')).toEqual(['002']);
    expect(find('明月 商务')).toEqual(['002']);
    // Full-width letters and digits, as a Chinese keyboard may type them.
    expect(find('ｔｉｔａｎ')).toEqual(['002']);
    expect(find('１０３')).toEqual(['103']);
    expect(find('cat-eye')).toEqual(['103']);
    expect(find('  ')).toEqual(['001', '002', '103', '104']);
    expect(find('无此款')).toEqual([]);
  });

  it('finds by the English name, and by shape, rim and material whatever the names say', () => {
    const find = (query: string) => only({ query });
    expect(find('classic')).toEqual(['001']);
    expect(find('半框')).toEqual(['104']);
    expect(find('round')).toEqual(['001', '104']);
    expect(find('金属')).toEqual(['001']);
    expect(find('全框 猫眼')).toEqual(['103']);
    // As 筛选 words them on an English page.
    expect(find('half rim')).toEqual(['104']);
    expect(find('full rim cat-eye')).toEqual(['103']);
  });

  it('narrows by shape, rim, material and price, combined; a range hides unpriced frames', () => {
    expect(only({ shape: 'round' })).toEqual(['001', '104']);
    expect(only({ shape: 'round', rim: 'full' })).toEqual(['001']);
    expect(only({ material: '钛' })).toEqual(['104']);
    expect(only({ priceMin: 300 })).toEqual(['002', '104']);
    expect(only({ priceMax: 600 })).toEqual(['001', '002']);
    expect(only({ priceMin: 300, priceMax: 600, query: 'titan' })).toEqual(['002']);
    // 性别 and 年龄段: a frame that does not say is left out once either is chosen.
    expect(only({ gender: 'women' })).toEqual(['103']);
    expect(only({ ageGroup: 'adult' })).toEqual(['002', '103']);
    expect(only({ ageGroup: 'child' })).toEqual([]);
    const values = facetCounts(
      cells.map((c) => c.entry),
      NO_FILTER,
      [],
    );
    expect([...values.shape]).toEqual([
      ['round', 2],
      ['square', 1],
      ['cat-eye', 1],
    ]);
    expect([...values.colour]).toEqual([]);
    expect([...values.gender]).toEqual([
      ['men', 1],
      ['women', 1],
    ]);
  });

  it('counts in 筛选 the models choosing a value would show, the rest of the filter as it stands', () => {
    const black = { group: '圆框 A', colour: '黑色' };
    const gold = { group: '圆框 A', colour: '金色' };
    const entries = [
      entry('201', '圆框 A 黑', { ...black, shape: 'round', rim: 'full', price: 300 }),
      entry('202', '圆框 A 金', { ...gold, shape: 'round', rim: 'half', price: 300 }),
      entry('203', '圆框 B', { shape: 'round', rim: 'full', price: 500 }),
      entry('204', '方框 C', { shape: 'square', rim: 'full', price: 300 }),
    ];
    const counts = (change: Partial<CatalogueFilter>, favourites: string[] = []) => {
      const all = facetCounts(entries, { ...NO_FILTER, ...change }, favourites);
      return { shape: [...all.shape], rim: [...all.rim], colour: [...all.colour] };
    };
    // Two colours of one model count once; 共 N 款 shows 2 round models, 3 in all.
    expect(counts({})).toEqual({
      shape: [
        ['round', 2],
        ['square', 1],
      ],
      rim: [
        ['full', 3],
        ['half', 1],
      ],
      colour: [
        ['黑色', 1],
        ['金色', 1],
      ],
    });
    // With 方框 chosen, the other lists count within it; its own list still counts every shape.
    expect(counts({ shape: 'square' })).toEqual({
      shape: [
        ['round', 2],
        ['square', 1],
      ],
      rim: [
        ['full', 1],
        ['half', 0],
      ],
      colour: [
        ['黑色', 0],
        ['金色', 0],
      ],
    });
    // The price range, the words and 收藏 narrow the counts as they narrow the grid.
    expect(counts({ priceMax: 400 }).shape).toEqual([
      ['round', 1],
      ['square', 1],
    ]);
    expect(counts({ query: '方' }).rim).toEqual([
      ['full', 1],
      ['half', 0],
    ]);
    expect(counts({ onlyFavourites: true }, ['models/202.glb']).rim).toEqual([
      ['full', 0],
      ['half', 1],
    ]);
  });

  it('narrows to 收藏, none while they are still being read', () => {
    const values = ['models/002.glb', 'models/104.glb'];
    expect(only({ onlyFavourites: true }, values)).toEqual(['002', '104']);
    expect(only({ query: '圆', onlyFavourites: true }, values)).toEqual(['104']);
    expect(only({ onlyFavourites: true }, null)).toEqual([]);
  });

  it('narrows to the frames whose size suits the measured face, and waits for the face', () => {
    const fits = new Map([
      ['models/001.glb', 'fits'],
      ['models/002.glb', 'wide'],
      ['models/104.glb', 'fits'],
    ] as const);
    const sized = (change: Partial<CatalogueFilter>, known: typeof fits | null) =>
      serials(narrow(cells, { ...NO_FILTER, ...change }, [], known));
    expect(sized({ onlyFits: true }, fits)).toEqual(['001', '104']);
    expect(sized({ onlyFits: true, material: '钛' }, fits)).toEqual(['104']);
    // Not measured yet: nothing is hidden for a size not known (the grid says it waits).
    expect(sized({ onlyFits: true }, null)).toEqual(['001', '002', '103', '104']);
    expect(sized({}, fits)).toEqual(['001', '002', '103', '104']);
  });

  it('lives in the address beside its other parameters, and reads back as written', () => {
    const filter = {
      ...NO_FILTER,
      query: '圆框 钛',
      onlyFavourites: true,
      onlyFits: true,
      shape: 'round',
      gender: 'unisex',
      ageGroup: 'teen',
      priceMin: 100,
      priceMax: 899.5,
    };
    const search = writeFilter('glasses=001&embed=1', filter);
    const params = new URLSearchParams(search);
    expect(params.get('glasses')).toBe('001');
    expect(params.get('embed')).toBe('1');
    expect(readFilter(search)).toEqual(filter);
    // Cleared: the parameters go, the others stay.
    expect(writeFilter(search, NO_FILTER)).toBe('glasses=001&embed=1');
    // A hostile link: its query cut to a length no name has, a price that is no number ignored.
    const long = readFilter(`q=${'x'.repeat(10_000)}&pmin=abc&pmax=-3&shape=${'y'.repeat(99)}`);
    expect(long.query).toHaveLength(MAX_QUERY_LENGTH);
    expect(long.priceMin).toBeNull();
    expect(long.priceMax).toBeNull();
    expect(long.shape.length).toBeLessThanOrEqual(20);
  });
});
