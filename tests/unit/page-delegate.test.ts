// On the page (the fallback path) the detection shares the page's thread: the GPU graph's build
// and first detections would hold the page for seconds, so the CPU tracks there without a
// trial, whatever was remembered, and that is kept as no verdict.
import { expect, it, vi } from 'vitest';
import type { Delegate, EngineInit } from '../../src/shared/try-on-types';

// A forced delegate is decided at once, as DelegatePicker.start does.
const start = vi.hoisted(() =>
  vi.fn((source: { forced?: Delegate }, decided: (delegate: Delegate) => void) => {
    if (source.forced) decided(source.forced);
    return Promise.resolve({ close: () => {} });
  }),
);
vi.mock('../../workers/tracking/delegate-picker', () => ({ DelegatePicker: { start } }));
const { startTracking } = await import('../../workers/tracking/start-tracking');

const model = { modelBytes: new Uint8Array(), wasmLoaderUrl: '', wasmBinaryUrl: '' };
const init = () => ({ allowedOrigins: [] }) as unknown as EngineInit;

it('tracks on the CPU on the page, untried, though a GPU was remembered or no verdict is', async () => {
  expect('importScripts' in globalThis).toBe(false);
  const verdicts = vi.fn();
  await (
    await startTracking({ ...model, remembered: 'GPU' }, init(), verdicts)
  ).tracker;
  await (
    await startTracking(model, init(), verdicts)
  ).tracker;
  expect(start.mock.calls.map((call) => call[0].forced)).toEqual(['CPU', 'CPU']);
  // Not measured, so not remembered: a worker path next time runs its own trial.
  expect(verdicts).not.toHaveBeenCalled();
});
