import * as Comlink from 'comlink';
import type { EngineInit } from '../../shared/try-on-types';
// The one documented exception to the main-thread import rule: this module is loaded (as its own
// chunk) only where the worker path cannot draw, and runs the worker's very code on the page.
import { api, served } from '../../../workers/try-on-host';
import { setCanvasFactory } from '../../../workers/common/surface';
import { pinModuleFactory } from './module-factory';

/**
 * Serves the try-on API on the page, at the other end of a MessageChannel, so the engine talks to
 * it exactly as to the worker. The canvas is drawn directly (no transfer), and WebGL canvases come
 * from the DOM: an OffscreenCanvas there has no WebGL (WebKit before iOS 17).
 */
export function hostPageEngine(canvas: HTMLCanvasElement, port: MessagePort): void {
  setCanvasFactory((width, height) => {
    const surface = document.createElement('canvas');
    surface.width = width;
    surface.height = height;
    return surface as unknown as OffscreenCanvas;
  });
  Comlink.expose(
    {
      ...served(),
      async init(
        init: EngineInit,
        ...listeners: Parameters<typeof api.init> extends [unknown, ...infer L] ? L : never
      ) {
        const wasmLoaderUrl = await pinModuleFactory(init.wasmLoaderUrl);
        return api.init(
          { ...init, canvas: canvas as unknown as OffscreenCanvas, wasmLoaderUrl },
          ...listeners,
        );
      },
    },
    port,
  );
}
