// @vitest-environment happy-dom
// The grid's first render: the shop's frames at once when its early read is in by then (no
// built-in frames first, then a second render of the page with the shop's), else the built-in
// ones until it is.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, expect, it, vi } from 'vitest';
import type { CatalogueEntry } from '../../src/catalogue/manifest';

const manifest = [
  { value: 'models/shop/S1.glb', serialNo: 'S1', text: '镜框 1' },
  { value: 'models/shop/S2.glb', serialNo: 'S2', text: '镜框 2' },
];
vi.stubGlobal('fetch', async () =>
  Promise.resolve(
    new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } }),
  ),
);
const { preloadCatalogue, catalogueIfIn, BUILT_IN } =
  await import('../../src/catalogue/catalogue-source');
const { useCatalogueEntries } = await import('../../src/catalogue/use-catalogue-entries');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const root = createRoot(document.createElement('div'));
afterAll(() => act(() => root.unmount()));

const renders: { serials: string[]; settled: boolean }[] = [];
function Grid() {
  const { entries, settled } = useCatalogueEntries();
  renders.push({ serials: entries.map((e: CatalogueEntry) => e.serialNo), settled });
  return null;
}
const shop = ['S1', 'S2'];
const builtIn = BUILT_IN.map((e) => e.serialNo);

it('renders the shop at once when its early read is in, the built-in list until it is', async () => {
  preloadCatalogue();
  await vi.waitFor(() => expect(catalogueIfIn()).not.toBeNull());
  await act(async () => root.render(<Grid key="early" />));
  expect(renders[0]).toEqual({ serials: shop, settled: true });
  expect(renders.every((r) => r.serials.join() === shop.join())).toBe(true);

  // A second grid reads afresh: the built-in list until the shop's is in.
  renders.length = 0;
  await act(async () => root.render(<Grid key="again" />));
  await vi.waitFor(() => expect(renders.at(-1)).toEqual({ serials: shop, settled: true }));
  expect(renders[0]).toEqual({ serials: builtIn, settled: false });
});
