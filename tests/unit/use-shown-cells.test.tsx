// @vitest-environment happy-dom
// The grid's cells are filtered and grouped once per change of what they read, not at the page's
// other renders (a shop has thousands of cells); the search texts are made ahead in slices, so
// the first key typed into 搜索 does not make them all.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import type { CatalogueEntry } from '../../src/catalogue/manifest';
import { NO_FILTER, type CatalogueFilter } from '../../src/features/grid/catalogue-filter';

const made = vi.hoisted(() => ({ texts: 0 }));
vi.mock('../../src/features/grid/catalogue-filter', async (real) => {
  const actual = await real<typeof import('../../src/features/grid/catalogue-filter')>();
  return {
    ...actual,
    searchText: (entry: CatalogueEntry) => {
      made.texts++;
      return actual.searchText(entry);
    },
  };
});
const { useShownCells, WARM_SLICE } = await import('../../src/features/grid/use-shown-cells');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root = createRoot(document.createElement('div'));
afterEach(() => {
  act(() => root.unmount());
  root = createRoot(document.createElement('div'));
  vi.useRealTimers();
});

const cell = (serialNo: string, text: string, group?: string) => ({
  entry: {
    value: `models/${serialNo}.glb`,
    serialNo,
    text,
    ...(group ? { group } : {}),
  } as CatalogueEntry,
  selected: false,
});
const NO_COLOURS = {};
const NO_FAVOURITES: string[] = [];
const serials = (cells: unknown[]) =>
  cells.map((c) => (c as ReturnType<typeof cell>).entry.serialNo);

function grid(cells: ReturnType<typeof cell>[], results: unknown[][] = []) {
  const entries = cells.map((c) => c.entry);
  function Grid({ filter, tick }: { filter: CatalogueFilter; tick: number }) {
    results.push(useShownCells(entries, cells, filter, NO_FAVOURITES, null, NO_COLOURS));
    return <span>{tick}</span>;
  }
  return { Grid, results };
}

it('makes the cells once per change of the filter, not at each render', async () => {
  const cells = [
    cell('001', '圆框 黑', 'round'),
    cell('002', '圆框 金', 'round'),
    cell('003', '方框'),
  ];
  const { Grid, results } = grid(cells);
  const filter = { ...NO_FILTER };
  await act(async () => root.render(<Grid filter={filter} tick={1} />));
  await act(async () => root.render(<Grid filter={filter} tick={2} />));
  expect(results).toHaveLength(2);
  expect(results[1]).toBe(results[0]);
  // One cell per model: the two colours of "round" are one cell.
  expect(serials(results[0]!)).toEqual(['001', '003']);
  await act(async () => root.render(<Grid filter={{ ...filter, query: '方' }} tick={3} />));
  expect(results[2]).not.toBe(results[1]);
  expect(serials(results[2]!)).toEqual(['003']);
});

it('makes every search text ahead, a slice a task, and stops when the grid goes', async () => {
  vi.useFakeTimers();
  const count = 2 * WARM_SLICE + 7;
  const cells = Array.from({ length: count }, (_, i) => cell(`S${i}`, `镜框 ${i}`));
  made.texts = 0;
  const { Grid } = grid(cells);
  act(() => root.render(<Grid filter={NO_FILTER} tick={1} />));
  expect(made.texts).toBe(0);
  act(() => vi.advanceTimersToNextTimer());
  expect(made.texts).toBe(WARM_SLICE);
  act(() => vi.runAllTimers());
  expect(made.texts).toBe(count);

  // A grid gone before its first slice makes none.
  made.texts = 0;
  const other = grid(cells.map((c) => cell(`${c.entry.serialNo}b`, c.entry.text)));
  const gone = createRoot(document.createElement('div'));
  act(() => gone.render(<other.Grid filter={NO_FILTER} tick={1} />));
  act(() => gone.unmount());
  act(() => vi.runAllTimers());
  expect(made.texts).toBe(0);
});
