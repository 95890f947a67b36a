import { useEffect, type RefObject } from 'react';
import type { TryOnEngine } from './try-on-engine';

/**
 * Tells the worker how many device pixels the view covers, so it never renders more than is
 * shown. The view's CSS keeps it at 95% of the window width with the picture's aspect ratio, so
 * window resizes and rotation arrive here as size changes.
 */
export function useViewSize(viewRef: RefObject<HTMLElement | null>, engine: TryOnEngine | null) {
  useEffect(() => {
    const view = viewRef.current;
    if (!view || !engine || typeof ResizeObserver === 'undefined') return;
    let last = '';
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      // Exact device pixels where the browser reports them (not in Safari), else CSS px × ratio.
      const box = entry.devicePixelContentBoxSize?.[0];
      const ratio = window.devicePixelRatio || 1;
      const width = Math.round(box ? box.inlineSize : entry.contentRect.width * ratio);
      const height = Math.round(box ? box.blockSize : entry.contentRect.height * ratio);
      const key = `${width}x${height}`;
      if (!width || !height || key === last) return;
      last = key;
      void engine.resize(width, height).catch(() => {});
    });
    try {
      observer.observe(view, { box: 'device-pixel-content-box' });
    } catch {
      observer.observe(view);
    }
    return () => observer.disconnect();
  }, [viewRef, engine]);
}
