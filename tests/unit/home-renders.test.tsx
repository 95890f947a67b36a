// @vitest-environment happy-dom
// The worker's stats arrive four times a second. Only what shows them re-renders on them: the
// stats overlay; the page, its controls and its grid do not, and the grid re-renders once a
// size verdict changes. Counted with the real Home, ModelGrid, StatsOverlay and catalogue (its
// manifest answered here, its storage IndexedDB in memory); the engine is a stand-in (unit tests
// may not start the worker). With the catalogue's cells made anew on each render (as before
// 306c8c7), a measured face re-rendered the page without end.
import 'fake-indexeddb/auto';
import { getDefaultStore } from 'jotai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, expect, it, vi } from 'vitest';
import type { PipelineStats } from '../../src/state/atoms';

const renders = { controls: 0, grid: 0 };
/** Far more grid renders than the whole test has reasons for. */
const RENDER_LOOP = 200;

vi.mock('../../src/engine/use-try-on', () => ({
  useTryOn: () => ({ active: true, loading: false, cameraWaiting: false, status: 'ready' }),
}));
/** The shop's list: two frames, 128 and 140 mm wide. */
const manifest = [
  { value: 'models/a.glb', serialNo: '001', text: 'A', frameWidthMm: 128 },
  { value: 'models/b.glb', serialNo: '002', text: 'B', frameWidthMm: 140 },
];
vi.stubGlobal('fetch', async () =>
  Promise.resolve(
    new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } }),
  ),
);
vi.mock('../../src/features/capture/control-bar', () => ({
  ControlBar: () => {
    renders.controls++;
    return null;
  },
}));
vi.mock('../../src/features/grid/model-grid', async (real) => {
  const { ModelGrid } = await real<typeof import('../../src/features/grid/model-grid')>();
  return {
    ModelGrid: (props: Parameters<typeof ModelGrid>[0]) => {
      // A render loop stops here, failing the test, rather than holding the thread for good.
      if (++renders.grid > RENDER_LOOP) throw new Error(`the grid rendered ${RENDER_LOOP} times`);
      return ModelGrid(props);
    },
  };
});
vi.mock('../../src/components/try-on-stage', async () => {
  const { StatsOverlay } = await import('../../src/components/stats-overlay');
  return {
    TryOnStage: () => <StatsOverlay visible />,
  };
});
vi.mock('../../src/features/capture/file-offer', () => ({ FileOffer: () => null }));
vi.mock('../../src/components/video-file-button', () => ({ VideoFileButton: () => null }));

const { Home } = await import('../../src/routes/home');
const { pipelineStatsAtom } = await import('../../src/state/atoms');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.createElement('div');
document.body.append(container);
const root = createRoot(container);
afterAll(() => act(() => root.unmount()));

/** One stats push: `fps` moves every time; the face width is what the grid's advice reads. */
function push(fps: number, faceWidthMm: number) {
  const worker = {
    fps,
    face: true,
    tracked: 10,
    measure: {
      pdMm: 62,
      pdErrorMm: 1,
      faceWidthMm,
      faceWidthErrorMm: 2,
      scale: 1,
      cameraScale: 1,
      cameraKnown: true,
      frames: 30,
      refused: 0,
    },
  };
  const stats = { worker, pump: {}, path: 'worker' } as unknown as PipelineStats;
  act(() => getDefaultStore().set(pipelineStatsAtom, stats));
}

const overlayFps = () =>
  container.querySelector('[data-testid="pipeline-stats"]')?.getAttribute('data-fps');

it('re-renders the stats overlay on every push; the page, controls and grid never', async () => {
  act(() => root.render(<Home />));
  // The list is read and each cell's stored state with it (a deadline for a list never shown:
  // npm test runs this at the lowest priority beside browsers, scripts/run-tests.sh).
  await vi.waitFor(
    async () => {
      await act(() => new Promise((done) => setTimeout(done, 20)));
      expect(
        container.querySelectorAll('.model-cell .size-tag, .model-cell').length,
      ).toBeGreaterThan(1);
    },
    { timeout: 45_000 },
  );
  push(10, 150);
  await act(() => new Promise((done) => setTimeout(done, 50)));
  const before = { ...renders };
  for (let i = 1; i <= 8; i++) push(10 + i, 150 + i * 0.1);
  // The overlay shows each push's figures: it re-rendered every time.
  expect(overlayFps()).toBe('18');
  expect(renders.controls - before.controls).toBe(0);
  expect(renders.grid - before.grid).toBe(0);
  // A face 20 mm narrower turns both verdicts: the grid says so.
  const tags = () =>
    [...container.querySelectorAll('.size-tag')].map((t) => t.getAttribute('data-fit'));
  const wide = tags();
  push(30, 130);
  expect(renders.grid - before.grid).toBe(1);
  expect(tags()).not.toEqual(wide);
});
