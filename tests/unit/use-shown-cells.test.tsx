// @vitest-environment happy-dom
// The grid's cells are filtered and grouped once per change of what they read: the page renders
// again at each download's progress and each size verdict, and a shop has thousands of cells.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, expect, it } from 'vitest';
import type { CatalogueEntry } from '../../src/catalogue/manifest';
import { NO_FILTER, type CatalogueFilter } from '../../src/features/grid/catalogue-filter';
import { useShownCells } from '../../src/features/grid/use-shown-cells';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.createElement('div');
const root = createRoot(container);
afterAll(() => act(() => root.unmount()));

const cell = (serialNo: string, text: string, group?: string) => ({
  entry: {
    value: `models/${serialNo}.glb`,
    serialNo,
    text,
    ...(group ? { group } : {}),
  } as CatalogueEntry,
  selected: false,
});
const cells = [
  cell('001', '圆框 黑', 'round'),
  cell('002', '圆框 金', 'round'),
  cell('003', '方框'),
];
const results: unknown[][] = [];

function Grid({ filter, tick }: { filter: CatalogueFilter; tick: number }) {
  results.push(useShownCells(cells, filter, NO_FAVOURITES, null, NO_COLOURS));
  return <span>{tick}</span>;
}
const NO_COLOURS = {};
const NO_FAVOURITES: string[] = [];

it('makes the cells once per change of the filter, not at each render', async () => {
  const filter = { ...NO_FILTER };
  await act(async () => root.render(<Grid filter={filter} tick={1} />));
  await act(async () => root.render(<Grid filter={filter} tick={2} />));
  expect(results).toHaveLength(2);
  expect(results[1]).toBe(results[0]);
  // One cell per model: the two colours of "round" are one cell.
  expect(results[0]!.map((c) => (c as (typeof cells)[number]).entry.serialNo)).toEqual([
    '001',
    '003',
  ]);
  await act(async () => root.render(<Grid filter={{ ...filter, query: '方' }} tick={3} />));
  expect(results[2]).not.toBe(results[1]);
  expect(results[2]!.map((c) => (c as (typeof cells)[number]).entry.serialNo)).toEqual(['003']);
});
