import { useCallback, useRef, type RefObject } from 'react';
import { stopStream } from './camera';
import { frameLogger } from './debug-handle';
import { drawEvery } from './debug-switches';
import type { EngineWaiter } from './engine-waiter';
import { FramePump, thinned } from './frame-pump';
import { photoFrameSource } from './photo-frame-source';
import { videoFrameSource } from './video-frame-source';
import type { TryOnEngine } from './try-on-engine';
import type { VideoFileSession } from './video-file';

export type SourceMode = 'idle' | 'camera' | 'file' | 'photo';

/**
 * What every source shares (use-sources.ts): the open stream or file, which one runs, the start
 * under way, and the pump that takes its frames to the engine (the ready one, or the next).
 */
export function useSourceCore(
  videoRef: RefObject<HTMLVideoElement | null>,
  engineRef: RefObject<TryOnEngine | null>,
  pumpRef: RefObject<FramePump | null>,
  waiter: EngineWaiter,
) {
  const streamRef = useRef<MediaStream | null>(null);
  const fileRef = useRef<VideoFileSession | null>(null);
  /** The open photo, upright at its work size (photo mode only). */
  const photoRef = useRef<ImageBitmap | null>(null);
  const modeRef = useRef<SourceMode>('idle');
  const mirrorRef = useRef(false);
  const starting = useRef<AbortController | null>(null);
  /** Aborts the start under way, if any. */
  const abortStart = useCallback(() => starting.current?.abort(), []);
  /** Aborts the start under way (if any) and returns the signal of a new one. */
  const nextStart = useCallback((): AbortSignal => {
    starting.current?.abort();
    starting.current = new AbortController();
    return starting.current.signal;
  }, []);

  /** Stops the pump, the camera tracks and the file; the worker drops its video state. */
  const release = useCallback(() => {
    // The stopped pump stays referenced: its counters still settle and are still reported.
    pumpRef.current?.stop();
    stopStream(streamRef.current);
    streamRef.current = null;
    fileRef.current?.release();
    fileRef.current = null;
    photoRef.current?.close();
    photoRef.current = null;
    const video = videoRef.current;
    if (video) video.srcObject = null;
    void engineRef.current?.commands.reset().catch(() => {});
  }, [engineRef, pumpRef, videoRef]);

  const feed = useCallback(
    (video: HTMLVideoElement, engine: TryOnEngine, mirror: boolean) => {
      mirrorRef.current = mirror;
      const options = { mirror, file: modeRef.current === 'file' };
      const every = drawEvery();
      const photo = modeRef.current === 'photo' ? photoRef.current : null;
      const source = photo ? photoFrameSource(photo) : videoFrameSource(video);
      const pump = new FramePump(
        every > 1 ? thinned(source, every) : source,
        (frame) => engine.commands.processFrame(frame, options),
        (error) => console.warn('frame failed', error),
        frameLogger(),
        engine.path === 'page',
      );
      pumpRef.current = pump;
      pump.start();
    },
    [pumpRef],
  );

  /**
   * A fresh engine after a crash: the source never stopped (the camera or file kept playing in
   * the page, the photo is still open), so its frames simply go to the new engine.
   */
  const resume = useCallback(
    (engine: TryOnEngine) => {
      const video = videoRef.current;
      if (!video || modeRef.current === 'idle' || pumpRef.current?.isRunning) return;
      // A start waiting for this engine feeds its source itself.
      if (waiter.waiting) return;
      feed(video, engine, mirrorRef.current);
    },
    [feed, pumpRef, videoRef, waiter],
  );

  /**
   * A start's feed once its picture plays, to the engine it waited for, unless that engine died
   * meanwhile (play() may take up to PLAY_START_MS): then `resume` feeds its replacement, now or
   * once it is ready, and a second pump would feed the dead engine while the first ran on.
   */
  const feedIfLive = useCallback(
    (video: HTMLVideoElement, engine: TryOnEngine, mirror: boolean) => {
      mirrorRef.current = mirror;
      if (engineRef.current !== engine || pumpRef.current?.isRunning) return;
      feed(video, engine, mirror);
    },
    [engineRef, feed, pumpRef],
  );

  return {
    streamRef,
    fileRef,
    photoRef,
    modeRef,
    abortStart,
    nextStart,
    release,
    feed,
    feedIfLive,
    resume,
  };
}
