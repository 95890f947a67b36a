import type { WebGLRenderer } from 'three';
import { glCanvas } from '../common/surface';

/**
 * Where the context does not antialias, a still is drawn this many times larger each way and
 * scaled down: 4 samples a pixel, blended as the live picture blends (a multisampled target
 * blends in linear light, which showed 003's lenses hazier in the saved photo than on screen).
 */
const SUPERSAMPLE = 2;
/**
 * A still over this many drawn pixels is drawn once: the drawing takes 8 bytes a pixel (a 2× photo
 * of a 1280 px picture, 2560×1920, drawn at 5120×3840 is 19.7 M: 157 MB).
 */
const MAX_DRAWN_PX = 24 * 1024 * 1024;

/** What a still is drawn with (scene.ts). */
export interface StillSurface {
  readonly renderer: WebGLRenderer;
  readonly canvas: OffscreenCanvas;
  render(frame: VideoFrame): void;
}

/** Whether the context antialiases on its own (MSAA, as on a GPU). */
export function contextSmooths(renderer: WebGLRenderer): boolean {
  return renderer.getContext().getContextAttributes()?.antialias === true;
}

/**
 * Draws `frame` as a still (the saved photo, 全部试戴's pictures) and returns the canvas holding
 * it, antialiased on every context: the thin rims of a metal frame have soft edges in what is
 * kept. On software GL the context is made without MSAA, which would cost every live frame a
 * third (software-gl.ts); a still is drawn supersampled there instead. The camera is left as it
 * is (a crop's view offset included): only the drawing buffer grows.
 */
export function renderStill(surface: StillSurface, frame: VideoFrame): OffscreenCanvas {
  const { renderer, canvas } = surface;
  const { width, height } = canvas;
  const drawn = width * height * SUPERSAMPLE ** 2;
  const still = contextSmooths(renderer) || drawn > MAX_DRAWN_PX ? null : glCanvas(width, height);
  // An engine without a 2D context on its canvases (none measured) draws the still once.
  const context = still?.getContext('2d') as OffscreenCanvasRenderingContext2D | null | undefined;
  if (!still || !context) {
    surface.render(frame);
    return canvas;
  }
  const ratio = renderer.getPixelRatio();
  renderer.setSize((width * SUPERSAMPLE) / ratio, (height * SUPERSAMPLE) / ratio, false);
  try {
    surface.render(frame);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    // In the task that drew it: the drawing buffer is not preserved.
    context.drawImage(canvas, 0, 0, width, height);
    return still;
  } finally {
    renderer.setSize(width / ratio, height / ratio, false);
  }
}
