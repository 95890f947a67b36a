// @vitest-environment happy-dom
// Who feeds a source, and with what (use-source-core.ts): a start, once it ends, feeds the engine
// ready then (none while a dead one is being replaced: use-try-on.ts), with its own options; `resume` feeds a new engine
// only a source whose start has ended, never one still starting. The pump and the video's frames
// are stand-ins (a unit test starts no worker); each pump records the engine its frames go to and
// whether they are drawn mirrored.
import { act, createRef, type RefObject } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FramePump } from '../../src/engine/frame-pump';
import type { TryOnEngine } from '../../src/engine/try-on-engine';

/** Every pump made: the engine it feeds, mirrored or not, and whether it runs. */
const pumps: { engine: string; mirror: boolean; running: boolean }[] = [];

vi.mock('../../src/engine/frame-pump', () => ({
  thinned: (source: unknown) => source,
  FramePump: class {
    private readonly record: { engine: string; mirror: boolean; running: boolean };
    constructor(_source: unknown, sink: (frame: VideoFrame) => Promise<unknown>) {
      // The sink names its engine and options: one call on a stand-in frame tells which.
      const record = { engine: '', mirror: false, running: false };
      const frame = {
        tell: (engine: string, mirror: boolean) => Object.assign(record, { engine, mirror }),
      };
      void sink(frame as unknown as VideoFrame);
      this.record = record;
      pumps.push(record);
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

/** An engine whose processFrame tells the stand-in pump its name and the frame's options. */
const engine = (name: string) =>
  ({
    path: 'worker',
    commands: {
      processFrame: (
        frame: { tell: (engine: string, mirror: boolean) => void },
        options: { mirror: boolean },
      ) => {
        frame.tell(name, options.mirror);
        return Promise.resolve({});
      },
      reset: () => Promise.resolve(),
    },
  }) as unknown as TryOnEngine;

type Core = ReturnType<typeof useSourceCore>;

/** The hook mounted with its refs, a camera start under way; `engineRef` is the ready engine. */
async function mountCore() {
  const videoRef = { current: document.createElement('video') };
  const engineRef: RefObject<TryOnEngine | null> = { current: null };
  const pumpRef: RefObject<FramePump | null> = { current: null };
  const core = createRef<Core>() as { current: Core };
  function Probe() {
    core.current = useSourceCore(videoRef, engineRef, pumpRef);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
  core.current.modeRef.current = 'camera';
  return { core: core.current, engineRef, video: videoRef.current, root };
}

afterEach(() => {
  pumps.length = 0;
});

describe('a started source feeds', () => {
  it('the ready engine, once, with the options its start asked for', async () => {
    const { core, engineRef, video, root } = await mountCore();
    engineRef.current = engine('first');
    core.startFeeding(video, true);
    expect(pumps).toEqual([{ engine: 'first', mirror: true, running: true }]);
    // A second start's feed while the first pump runs adds no pump.
    core.startFeeding(video, true);
    expect(pumps).toHaveLength(1);
    root.unmount();
  });

  it('the next engine through resume where none is ready, mirrored as its start asked', async () => {
    const { core, video, root } = await mountCore();
    core.startFeeding(video, true);
    expect(pumps).toEqual([]);
    core.resume(engine('next'));
    expect(pumps).toEqual([{ engine: 'next', mirror: true, running: true }]);
    root.unmount();
  });

  it('nothing on resume while its start is under way: the start feeds, mirrored', async () => {
    // The engine gets ready while the front camera opens (getUserMedia): it is not fed then,
    // unmirrored, and its start's own feed is not then skipped as a pump already runs.
    const { core, engineRef, video, root } = await mountCore();
    const ready = engine('ready');
    engineRef.current = ready;
    core.resume(ready);
    expect(pumps).toEqual([]);
    core.startFeeding(video, true);
    expect(pumps).toEqual([{ engine: 'ready', mirror: true, running: true }]);
    root.unmount();
  });

  it('nothing on resume once released', async () => {
    const { core, engineRef, video, root } = await mountCore();
    engineRef.current = engine('first');
    core.startFeeding(video, true);
    core.release();
    core.resume(engine('next'));
    expect(pumps).toEqual([{ engine: 'first', mirror: true, running: false }]);
    root.unmount();
  });
});
