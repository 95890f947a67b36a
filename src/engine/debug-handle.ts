import type { CapturePair } from '../shared/try-on-types';
import type { TryOnEngine } from './try-on-engine';

/**
 * With `?stats` the page exposes the real engine's capture to tests and the bench, so they can
 * compare the composed picture with and without glasses from the same video frame.
 */
export interface TryOnDebug {
  capturePair(scale: number): Promise<CapturePair>;
  /** The last recording's pictures: encoded, and left out while the encoder was busy. */
  lastRecording?: { frames: number; dropped: number };
}

declare global {
  interface Window {
    __tryOn?: TryOnDebug;
  }
}

export function exposeDebugHandle(engine: TryOnEngine | null): void {
  if (!new URLSearchParams(location.search).has('stats')) return;
  if (engine) window.__tryOn = { capturePair: (scale) => engine.capturePair(scale) };
  else delete window.__tryOn;
}

/** Keeps the last recording's picture counts on the handle (tests check every picture went in). */
export function noteRecording(frames: number, dropped: number): void {
  if (window.__tryOn) window.__tryOn.lastRecording = { frames, dropped };
}
