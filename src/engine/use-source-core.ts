import { useCallback, useRef, type RefObject } from 'react';
import { stopStream } from './camera';
import { frameLogger } from './debug-handle';
import { drawEvery } from './debug-switches';
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
) {
  const streamRef = useRef<MediaStream | null>(null);
  const fileRef = useRef<VideoFileSession | null>(null);
  /** The open photo, upright at its work size (photo mode only). */
  const photoRef = useRef<ImageBitmap | null>(null);
  const modeRef = useRef<SourceMode>('idle');
  const mirrorRef = useRef(false);
  /**
   * The source's start has finished (`startFeeding`): from then on, until it is released, its
   * frames go to whichever engine is ready. Before that the start owns the feeding.
   */
  const liveRef = useRef(false);
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
    liveRef.current = false;
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
   * the page, the photo is still open), so its frames simply go to the new engine. A start still
   * under way feeds its source itself, with its own options (`startFeeding`): fed from here, a
   * front camera opening as the engine got ready was drawn unmirrored for good (camera.e2e).
   */
  const resume = useCallback(
    (engine: TryOnEngine) => {
      const video = videoRef.current;
      if (!video || !liveRef.current || pumpRef.current?.isRunning) return;
      feed(video, engine, mirrorRef.current);
    },
    [feed, pumpRef, videoRef],
  );

  /**
   * A start's end, once its picture plays: its frames go to the engine ready now, which is not
   * the one it waited for if that one died meanwhile (play() may take up to PLAY_START_MS), or,
   * with none ready, to the next one through `resume`.
   */
  const startFeeding = useCallback(
    (video: HTMLVideoElement, mirror: boolean) => {
      mirrorRef.current = mirror;
      liveRef.current = true;
      const engine = engineRef.current;
      if (!engine || pumpRef.current?.isRunning) return;
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
    startFeeding,
    resume,
  };
}
