// On the page (the fallback path) the detection shares the page's thread: the GPU graph's build
// and first detections would hold the page for seconds, so the CPU tracks there without a
// trial, whatever was remembered.
import { expect, it, vi } from 'vitest';
import type { EngineInit } from '../../src/shared/try-on-types';

const start = vi.fn((_source: unknown, _decided: unknown, _force?: string) =>
  Promise.resolve({ close: () => {} }),
);
vi.mock('../../workers/tracking/delegate-picker', () => ({ DelegatePicker: { start } }));
const { startTracking } = await import('../../workers/tracking/start-tracking');

const source = { modelBytes: new Uint8Array(), wasmLoaderUrl: '', wasmBinaryUrl: '' };
const init = (debug?: EngineInit['debug']) =>
  ({ allowedOrigins: [], debug }) as unknown as EngineInit;

it('tracks on the CPU on the page, untried, though a GPU was remembered or no verdict is', async () => {
  expect('importScripts' in globalThis).toBe(false);
  await startTracking(source, init(), 'GPU', () => {});
  await startTracking(source, init(), undefined, () => {});
  expect(start.mock.calls.map((call) => call[2])).toEqual(['CPU', 'CPU']);
});
