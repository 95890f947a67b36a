import * as Comlink from 'comlink';
import { createTracker } from '../../workers/tracker';
import type { Delegate } from '../../src/shared/try-on-types';

/**
 * The model's physical limit on this machine: detectForVideo back to back on frames captured
 * beforehand, with no rendering and no frame transport in the timed loop.
 */
const api = {
  async run(
    source: { modelBytes: ArrayBuffer; wasmLoaderUrl: string; wasmBinaryUrl: string },
    frames: VideoFrame[],
    delegate: Delegate,
    rounds: number,
    input: 'videoframe' | 'imagebitmap',
  ): Promise<number[]> {
    const tracker = await createTracker(
      { ...source, modelBytes: new Uint8Array(source.modelBytes) },
      delegate,
    );
    const images = input === 'imagebitmap' ? await Promise.all(frames.map((f) => createImageBitmap(f))) : frames;
    const times: number[] = [];
    let ts = 1;
    for (let r = 0; r < rounds; r++) {
      for (const image of images) {
        const start = performance.now();
        tracker.detectForVideo(image, ts++);
        times.push(performance.now() - start);
      }
    }
    tracker.close();
    for (const f of frames) f.close();
    return times;
  },
};

export type ModelAloneApi = typeof api;
Comlink.expose(api);
