// @vitest-environment happy-dom
// The grid's first render: the shop's frames at once when its early read is in by then (no
// built-in frames first, then a second render of the page with the shop's), else the built-in
// ones until it is. One read a mount, StrictMode's second run of the effect included.
import { act, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, expect, it, vi } from 'vitest';
import type { CatalogueEntry } from '../../src/catalogue/manifest';

const manifest = [
  { value: 'models/shop/S1.glb', serialNo: 'S1', text: '镜框 1' },
  { value: 'models/shop/S2.glb', serialNo: 'S2', text: '镜框 2' },
];
const fetched = vi.fn(async () =>
  Promise.resolve(
    new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } }),
  ),
);
vi.stubGlobal('fetch', fetched);
const { preloadCatalogue, catalogueIfIn, BUILT_IN } =
  await import('../../src/catalogue/catalogue-source');
const { useCatalogueEntries } = await import('../../src/catalogue/use-catalogue-entries');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const root = createRoot(document.createElement('div'));
afterAll(() => act(() => root.unmount()));

const renders: { entries: CatalogueEntry[]; settled: boolean }[] = [];
function Grid() {
  renders.push(useCatalogueEntries());
  return null;
}
const serials = (r: (typeof renders)[number] | undefined) => r?.entries.map((e) => e.serialNo);
const shop = ['S1', 'S2'];

it('renders the shop at once when its early read is in, the built-in list until it is', async () => {
  preloadCatalogue();
  await vi.waitFor(() => expect(catalogueIfIn()).not.toBeNull());
  await act(async () =>
    root.render(
      <StrictMode>
        <Grid key="early" />
      </StrictMode>,
    ),
  );
  expect(serials(renders[0])).toEqual(shop);
  expect(renders[0]!.settled).toBe(true);
  // The same list throughout: no second read brings another.
  expect(renders.every((r) => r.entries === renders[0]!.entries)).toBe(true);
  expect(fetched).toHaveBeenCalledTimes(1);

  // A grid mounted later reads afresh, once: the built-in list until the shop's is in.
  renders.length = 0;
  await act(async () =>
    root.render(
      <StrictMode>
        <Grid key="again" />
      </StrictMode>,
    ),
  );
  await vi.waitFor(() => expect(renders.at(-1)?.settled).toBe(true));
  expect(serials(renders.at(-1))).toEqual(shop);
  expect(serials(renders[0])).toEqual(BUILT_IN.map((e) => e.serialNo));
  expect(fetched).toHaveBeenCalledTimes(2);
});
