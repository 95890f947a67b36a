// @vitest-environment happy-dom
// Which engine a started source feeds (use-source-core.ts): a start that waited for an engine
// feeds it only if it still lives and nothing feeds yet; an engine that died meanwhile is
// replaced by `resume`, which feeds the new one. The pump and the video's frames are stand-ins
// (a unit test starts no worker); each pump records the engine its frames go to.
import { act, createRef, type RefObject } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineWaiter } from '../../src/engine/engine-waiter';
import type { FramePump } from '../../src/engine/frame-pump';
import type { TryOnEngine } from '../../src/engine/try-on-engine';

/** Every pump made: the engine it feeds, and whether it runs. */
const pumps: { engine: string; running: boolean }[] = [];

vi.mock('../../src/engine/frame-pump', () => ({
  thinned: (source: unknown) => source,
  FramePump: class {
    private readonly record: { engine: string; running: boolean };
    constructor(_source: unknown, sink: (frame: VideoFrame) => Promise<unknown>) {
      // The sink names its engine: one call on a stand-in frame tells which.
      let engine = '';
      void sink({ name: (n: string) => (engine = n) } as unknown as VideoFrame);
      this.record = { engine, running: false };
      pumps.push(this.record);
    }
    start() {
      this.record.running = true;
    }
    stop() {
      this.record.running = false;
    }
    get isRunning() {
      return this.record.running;
    }
  },
}));
vi.mock('../../src/engine/video-frame-source', () => ({ videoFrameSource: () => ({}) }));
vi.mock('../../src/engine/photo-frame-source', () => ({ photoFrameSource: () => ({}) }));

const { useSourceCore } = await import('../../src/engine/use-source-core');
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An engine whose processFrame tells the stand-in pump its name. */
const engine = (name: string) =>
  ({
    path: 'worker',
    commands: {
      processFrame: (frame: { name: (n: string) => void }) => {
        frame.name(name);
        return Promise.resolve({});
      },
      reset: () => Promise.resolve(),
    },
  }) as unknown as TryOnEngine;

type Core = ReturnType<typeof useSourceCore>;

/** The hook mounted with its refs; `engineRef` is the page's live engine. */
async function mountCore(waiting = false) {
  const videoRef = { current: document.createElement('video') };
  const engineRef: RefObject<TryOnEngine | null> = { current: null };
  const pumpRef: RefObject<FramePump | null> = { current: null };
  const waiter = { waiting } as unknown as EngineWaiter;
  const core = createRef<Core>() as { current: Core };
  function Probe() {
    core.current = useSourceCore(videoRef, engineRef, pumpRef, waiter);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
  core.current.modeRef.current = 'camera';
  return { core: core.current, engineRef, pumpRef, video: videoRef.current, root };
}

afterEach(() => {
  pumps.length = 0;
});

describe('a started source feeds', () => {
  it('the engine it waited for, while that engine lives', async () => {
    const { core, engineRef, video, root } = await mountCore();
    const first = engine('first');
    engineRef.current = first;
    core.feedIfLive(video, first, true);
    expect(pumps).toEqual([{ engine: 'first', running: true }]);
    // A second start's feed while the first pump runs adds no pump.
    core.feedIfLive(video, first, true);
    expect(pumps).toHaveLength(1);
    root.unmount();
  });

  it('not an engine that died while it waited: resume feeds its replacement', async () => {
    const { core, engineRef, video, root } = await mountCore();
    const dead = engine('dead');
    const next = engine('next');
    engineRef.current = next;
    core.feedIfLive(video, dead, true);
    expect(pumps).toEqual([]);
    core.resume(next);
    expect(pumps).toEqual([{ engine: 'next', running: true }]);
    root.unmount();
  });

  it('nothing on resume while a start still waits (it feeds itself)', async () => {
    const { core, engineRef, root } = await mountCore(true);
    const next = engine('next');
    engineRef.current = next;
    core.resume(next);
    expect(pumps).toEqual([]);
    root.unmount();
  });
});
