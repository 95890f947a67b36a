import * as Comlink from 'comlink';
import { RENDER_HEIGHT, RENDER_PIXEL_RATIO, RENDER_WIDTH } from '../../src/shared/render-constants';
import { ASSET_PATHS } from '../../src/shared/storage-constants';
import type { Delegate, TrackerFiles } from '../../src/shared/try-on-types';
import { TryOnPipeline } from '../../workers/pipeline/pipeline';
import { fetchBytes, firstCatalogueGlasses } from './bench-assets';

/**
 * The whole pipeline (detect + pose + render, glasses on unless told) back to back on captured frames, in a
 * worker, without the page or the compositor. With `flush`, a one-pixel read after each frame
 * waits until the GPU process (SwiftShader here) has really drawn it: WebGL calls only queue
 * work, so without it the drawing of one frame is paid inside the next frame's detection
 * (MediaPipe's own WebGL upload waits behind it).
 */
const api = {
  async run(
    source: TrackerFiles,
    frames: VideoFrame[],
    delegate: Delegate,
    rounds: number,
    flush: boolean,
    glasses: boolean,
  ): Promise<{ times: number[]; renderMs: number[]; flushMs: number[]; createMs: number }> {
    const created = performance.now();
    const canvas = new OffscreenCanvas(RENDER_WIDTH, RENDER_HEIGHT);
    const pipeline = await TryOnPipeline.create(
      {
        canvas,
        width: RENDER_WIDTH,
        height: RENDER_HEIGHT,
        pixelRatio: RENDER_PIXEL_RATIO,
        ...source,
        assetBase: location.origin + '/',
        allowedOrigins: [location.origin],
        // Every frame tracked: this measures the model inside the pipeline, frame by frame.
        debug: { forceDelegate: delegate, trackMode: 'every', trackInline: true },
      },
      () => {},
      () => {},
    );
    const createMs = performance.now() - created;
    await pipeline.setOccluder(await fetchBytes(ASSET_PATHS.headOccluder));
    await pipeline.setEnvironment(new Blob([await fetchBytes(ASSET_PATHS.envImage)]), null);
    if (glasses) await pipeline.setGlasses(await firstCatalogueGlasses());
    // The context three.js created on this canvas (getContext returns the existing one).
    const gl = canvas.getContext('webgl2');
    const pixel = new Uint8Array(4);
    const times: number[] = [];
    const renderMs: number[] = [];
    const flushMs: number[] = [];
    try {
      for (let r = 0; r < rounds; r++) {
        for (const frame of frames) {
          const result = pipeline.processFrame(frame.clone(), { mirror: true, file: false });
          times.push(result.detectMs);
          renderMs.push(result.renderMs);
          if (!flush || !gl) continue;
          const start = performance.now();
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
          flushMs.push(performance.now() - start);
        }
      }
    } finally {
      pipeline.dispose();
      for (const frame of frames) frame.close();
    }
    return { times, renderMs, flushMs, createMs };
  },
};

export type PipelineAloneApi = typeof api;
Comlink.expose(api);
