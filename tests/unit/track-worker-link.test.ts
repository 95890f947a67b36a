// The tracking worker's start resolves once the worker runs and has been sent its start, not when
// its tracker is made: the render worker makes its own first WebGL context meanwhile
// (workers/README.md). A worker whose start fails is ended, whichever step failed.
import { beforeEach, expect, it, vi } from 'vitest';

const remote = vi.hoisted(() => ({
  alive: vi.fn<() => Promise<boolean>>(),
  init: vi.fn<() => Promise<void>>(),
}));
vi.mock('comlink', () => ({
  wrap: () => remote,
  transfer: (value: unknown) => value,
  proxy: (value: unknown) => value,
  releaseProxy: Symbol('releaseProxy'),
}));
vi.mock('../../src/shared/alive-lock', () => ({
  aliveLockName: (role: string) => role,
  watchAlive: () => {},
}));
const terminated = vi.fn();
vi.stubGlobal(
  'Worker',
  class {
    terminate = terminated;
  },
);
const { TrackWorkerLink } = await import('../../workers/tracking/track-worker-link');

const source = { modelBytes: new Uint8Array(4), wasmLoaderUrl: '', wasmBinaryUrl: '' };
const start = () => TrackWorkerLink.start(source, [], () => {});

beforeEach(() => {
  terminated.mockClear();
  remote.alive.mockResolvedValue(true);
});

it('resolves once the worker runs and has its start, before its tracker is made', async () => {
  let made: () => void = () => {};
  remote.init.mockReturnValue(new Promise<void>((resolve) => (made = resolve)));
  const { ready } = await start();
  expect(remote.init).toHaveBeenCalledOnce();
  let settled = false;
  void ready.then(() => (settled = true));
  await Promise.resolve();
  expect(settled).toBe(false);
  made();
  await ready;
  expect(terminated).not.toHaveBeenCalled();
});

it('ends a worker that does not answer that it runs', async () => {
  remote.alive.mockRejectedValue(new Error('no answer'));
  await expect(start()).rejects.toThrow('no answer');
  expect(terminated).toHaveBeenCalledOnce();
});

it('ends a worker whose tracker cannot be made', async () => {
  remote.init.mockRejectedValue(new Error('no model'));
  const { ready } = await start();
  await expect(ready).rejects.toThrow('no model');
  expect(terminated).toHaveBeenCalledOnce();
});
