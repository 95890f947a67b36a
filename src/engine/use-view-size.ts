import { useAtomValue } from 'jotai';
import { useEffect, type RefObject } from 'react';
import { photoSizeAtom } from '../state/atoms';
import type { TryOnEngine } from './try-on-engine';

/**
 * Tells the worker how many device pixels the view covers, so it never renders more than is
 * shown. The view's CSS sizes it from the picture's aspect ratio (usePictureAspect) and the room
 * the layout gives it, so window resizes and rotation arrive here as size changes.
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
      void engine.commands.resize(width, height).catch(() => {});
    });
    try {
      observer.observe(view, { box: 'device-pixel-content-box' });
    } catch {
      observer.observe(view);
    }
    return () => observer.disconnect();
  }, [viewRef, engine]);
}

/** Render size until a video reports its own (docs/behaviour.md §9: 640×480). */
const DEFAULT_ASPECT = 4 / 3;

/**
 * Publishes the picture's aspect ratio to the view's CSS (`--picture-aspect`), which sizes the view
 * to fit both the width and the height the layout allows (a phone keeps the grid in reach below
 * a sticky preview). A rotated camera, another file or a photo changes it.
 */
export function usePictureAspect(
  videoRef: RefObject<HTMLVideoElement | null>,
  viewRef: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const video = videoRef.current;
    const view = viewRef.current;
    if (!video || !view) return;
    const update = () => {
      const { videoWidth: width, videoHeight: height } = video;
      // With no video (source off) the view keeps the last picture's shape.
      if (width && height) view.style.setProperty('--picture-aspect', String(width / height));
    };
    view.style.setProperty('--picture-aspect', String(DEFAULT_ASPECT));
    video.addEventListener('loadedmetadata', update);
    video.addEventListener('resize', update);
    return () => {
      video.removeEventListener('loadedmetadata', update);
      video.removeEventListener('resize', update);
    };
  }, [videoRef, viewRef]);
  // A photo is no video: its own size says.
  const photo = useAtomValue(photoSizeAtom);
  useEffect(() => {
    if (photo)
      viewRef.current?.style.setProperty('--picture-aspect', String(photo.width / photo.height));
  }, [photo, viewRef]);
}
