// Every call to the try-on engine has a deadline the page owns (ENGINE_DEADLINES_MS): an engine
// that never answers is restarted as stuck, a load that never ends is abandoned and said, and
// nothing waits for ever. The engine here is the real TryOnEngine on its page path, with the
// other end of its channel never answering.
import * as Comlink from 'comlink';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DeadlinePassed } from '../../src/shared/deadline';
import { ENGINE_DEADLINES_MS } from '../../src/shared/ui-constants';
import type { EngineEvent } from '../../src/engine/try-on-engine';
import type { WorkerStats } from '../../src/shared/try-on-types';

/** What the silent page engine was asked (the channel's other end, read but never answered). */
const asked: string[] = [];
/** Each call's arguments as they came over the channel (Comlink's wire values). */
const argumentLists: { value?: unknown }[][] = [];
vi.mock('../../src/engine/page/page-engine', () => ({
  hostPageEngine: (_canvas: unknown, port: MessagePort) => {
    port.onmessage = (
      event: MessageEvent<{ path?: string[]; argumentList?: { value?: unknown }[] }>,
    ) => {
      asked.push(event.data.path?.join('.') ?? '');
      argumentLists.push(event.data.argumentList ?? []);
    };
  },
}));

const { TryOnEngine } = await import('../../src/engine/try-on-engine');

beforeEach(() => {
  vi.useFakeTimers();
  asked.length = 0;
  argumentLists.length = 0;
});
afterEach(() => vi.useRealTimers());

function silentEngine() {
  const events: EngineEvent[] = [];
  const assets = { modelBytes: new ArrayBuffer(8) } as never;
  const engine = new TryOnEngine({} as HTMLCanvasElement, assets, (e) => events.push(e), 'page');
  return { engine, events };
}

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    () => 'answered',
    (error: unknown) => error,
  );

it('restarts an engine whose start is not answered within the deadline', async () => {
  const { engine, events } = silentEngine();
  const ready = settle(engine.ready);
  await vi.advanceTimersByTimeAsync(ENGINE_DEADLINES_MS.start - 1);
  expect(events).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(await ready).toBeInstanceOf(DeadlinePassed);
  expect(events).toEqual([{ type: 'stuck', message: 'no answer within 45 s' }]);
  expect(asked).toContain('init');
  engine.dispose();
});

it('restarts an engine that does not answer for a frame', async () => {
  const { engine, events } = silentEngine();
  // Node has no VideoFrame: a port is transferable and closable like one.
  const frame = new MessageChannel().port1 as unknown as VideoFrame;
  const drawn = settle(engine.commands.processFrame(frame, { mirror: false, file: false }));
  await vi.advanceTimersByTimeAsync(ENGINE_DEADLINES_MS.frame);
  expect(await drawn).toBeInstanceOf(DeadlinePassed);
  expect(events.map((e) => e.type)).toEqual(['stuck']);
  engine.dispose();
});

it("passes on none of a stuck engine's figures once it is said stuck", async () => {
  const { engine, events } = silentEngine();
  // The engine's stats callback, as its start handed it over (init's second argument).
  await vi.waitFor(() => expect(asked).toContain('init'));
  const port = argumentLists[asked.indexOf('init')]![1]!.value as MessagePort;
  const publish = Comlink.wrap<(stats: WorkerStats) => void>(port);
  const stats = { tracked: 51 } as WorkerStats;
  await publish(stats);
  const frame = new MessageChannel().port1 as unknown as VideoFrame;
  const drawn = settle(engine.commands.processFrame(frame, { mirror: false, file: false }));
  await vi.advanceTimersByTimeAsync(ENGINE_DEADLINES_MS.frame);
  await drawn;
  // Still running (a stuck worker lives until disposed): its figures are not the new engine's.
  await publish(stats);
  expect(events.map((e) => e.type)).toEqual(['stats', 'stuck']);
  engine.dispose();
});

it('abandons a model load past its deadline without calling the engine stuck', async () => {
  const { engine, events } = silentEngine();
  const worn = settle(engine.commands.setGlasses({ id: 'a', glb: new ArrayBuffer(4) }));
  await vi.advanceTimersByTimeAsync(ENGINE_DEADLINES_MS.wear);
  expect(await worn).toBeInstanceOf(DeadlinePassed);
  await vi.advanceTimersByTimeAsync(0);
  expect(asked).toContain('abandonGlasses');
  expect(events).toEqual([]);
  engine.dispose();
});

it('moves a buffer once: a later call with the same first argument moves nothing old', async () => {
  const { engine } = silentEngine();
  // What each message lists to move (a browser refuses to post a list naming a moved buffer).
  const lists: unknown[][] = [];
  const post = MessagePort.prototype.postMessage;
  const spy = vi.spyOn(MessagePort.prototype, 'postMessage').mockImplementation(function (
    this: MessagePort,
    message: unknown,
    transfer?: unknown,
  ) {
    lists.push([...((transfer as unknown[] | undefined) ?? [])]);
    return Reflect.apply(post, this, [message, transfer]) as void;
  });
  const image = new Blob(['png']);
  const cube = new ArrayBuffer(8);
  void settle(engine.commands.setEnvironment(image, cube));
  // The same picture without a cube: the cube moved before must not be listed again.
  void settle(engine.commands.setEnvironment(image, null));
  spy.mockRestore();
  expect(lists.map((list) => list.length)).toEqual([1, 0]);
  expect(cube.byteLength).toBe(0);
  engine.dispose();
});

it('fails a photo past its deadline with its own error, the engine kept', async () => {
  const { engine, events } = silentEngine();
  const photo = settle(engine.commands.capture(2));
  await vi.advanceTimersByTimeAsync(ENGINE_DEADLINES_MS.capture);
  expect(await photo).toBeInstanceOf(DeadlinePassed);
  expect(events).toEqual([]);
  engine.dispose();
});

it('fails 全部试戴 past its deadlines (the picture, then each frame), the engine kept', async () => {
  const { engine, events } = silentEngine();
  // Both asked at once: the engine's own start deadline (45 s) must not pass meanwhile.
  const begun = settle(engine.commands.tryAllBegin());
  // A frame that never comes back fails its own cell (use-try-all.ts) and the next one is tried.
  const drawn = settle(engine.commands.tryAllRender({ id: 'a', glb: new ArrayBuffer(4) }));
  await vi.advanceTimersByTimeAsync(ENGINE_DEADLINES_MS.capture);
  expect(await begun).toBeInstanceOf(DeadlinePassed);
  await vi.advanceTimersByTimeAsync(ENGINE_DEADLINES_MS.wear - ENGINE_DEADLINES_MS.capture - 1);
  expect(await Promise.race([drawn, Promise.resolve('waiting')])).toBe('waiting');
  await vi.advanceTimersByTimeAsync(1);
  expect(await drawn).toBeInstanceOf(DeadlinePassed);
  expect(asked).toEqual(expect.arrayContaining(['tryAllBegin', 'tryAllRender']));
  expect(events).toEqual([]);
  engine.dispose();
});

it('imports the page engine again after a failed import, and gives up after three', async () => {
  const { importPageEngine } = await import('../../src/engine/page/import-page-engine');
  const module = {} as Awaited<ReturnType<typeof importPageEngine>>;
  let calls = 0;
  const flaky = () =>
    ++calls < 3 ? Promise.reject(new TypeError('import failed')) : Promise.resolve(module);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const second = settle(importPageEngine(flaky));
  await vi.advanceTimersByTimeAsync(1500);
  expect(await second).toBe('answered');
  expect(calls).toBe(3);
  const never = settle(importPageEngine(() => Promise.reject(new TypeError('import failed'))));
  await vi.advanceTimersByTimeAsync(1500);
  expect(await never).toBeInstanceOf(TypeError);
  warn.mockRestore();
});

it('reports an engine whose page code cannot be imported as crashed, so it is restarted', async () => {
  vi.doMock('../../src/engine/page/import-page-engine', () => ({
    importPageEngine: () => Promise.reject(new TypeError('Importing a module script failed')),
  }));
  vi.resetModules();
  const { TryOnEngine: Fresh } = await import('../../src/engine/try-on-engine');
  const events: EngineEvent[] = [];
  const engine = new Fresh(
    {} as HTMLCanvasElement,
    { modelBytes: new ArrayBuffer(8) } as never,
    (e) => events.push(e),
    'page',
  );
  await vi.advanceTimersByTimeAsync(0);
  expect(events).toEqual([
    { type: 'crashed', message: 'TypeError: Importing a module script failed' },
  ]);
  engine.dispose();
  vi.doUnmock('../../src/engine/page/import-page-engine');
});

it("ends the shop page's check worker when a check is not answered within its deadline", async () => {
  const workers: { terminated: boolean }[] = [];
  // A worker that takes every message and never answers.
  class SilentWorker extends EventTarget {
    terminated = false;
    constructor() {
      super();
      workers.push(this);
    }
    postMessage() {}
    terminate() {
      this.terminated = true;
    }
  }
  vi.stubGlobal('Worker', SilentWorker);
  const { CheckEngine, CHECK_DEADLINE_MS } =
    await import('../../src/features/shop-check/check-engine');
  // The modules were loaded afresh above (resetModules): their DeadlinePassed is this one.
  const { DeadlinePassed: Late } = await import('../../src/shared/deadline');
  const checks = new CheckEngine();
  const signal = new AbortController().signal;
  const first = settle(checks.check(new ArrayBuffer(4), { signal }));
  await vi.advanceTimersByTimeAsync(CHECK_DEADLINE_MS);
  expect(await first).toBeInstanceOf(Late);
  expect(workers.map((w) => w.terminated)).toEqual([true]);
  // The next check starts a fresh worker instead of waiting behind the dead one.
  void settle(checks.check(new ArrayBuffer(4), { signal }));
  await vi.advanceTimersByTimeAsync(0);
  expect(workers).toHaveLength(2);
  vi.unstubAllGlobals();
});
