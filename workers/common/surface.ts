/**
 * Where the engine gets canvases for WebGL. In the worker that is an OffscreenCanvas; the page
 * fallback (src/engine/page-engine.ts) runs the same code where an OffscreenCanvas has no WebGL
 * (WebKit before iOS 17), so it hands in DOM canvases instead: they draw the same way.
 */
let makeCanvas = (width: number, height: number): OffscreenCanvas =>
  new OffscreenCanvas(width, height);

export function setCanvasFactory(
  factory: (width: number, height: number) => OffscreenCanvas,
): void {
  makeCanvas = factory;
}

export const glCanvas = (width: number, height: number): OffscreenCanvas =>
  makeCanvas(width, height);

/**
 * An image of a canvas of either kind (a DOM canvas has toBlob, an OffscreenCanvas convertToBlob),
 * PNG unless told; `quality` is JPEG's. Both take the pixels when called.
 */
export function canvasImage(
  canvas: OffscreenCanvas,
  type = 'image/png',
  quality?: number,
): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  const dom = canvas as unknown as {
    toBlob(done: (blob: Blob | null) => void, type: string, quality?: number): void;
  };
  return new Promise((resolve, reject) =>
    dom.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no picture'))), type, quality),
  );
}
