import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { t } from '../i18n';
import {
  engineErrorAtom,
  facingModeAtom,
  isCameraRunningAtom,
  videoLoadingAtom,
  videoModeAtom,
  type FacingMode,
} from '../state/atoms';
import { CameraError, openCamera, stopStream } from './camera';
import { frameLogger } from './debug-handle';
import { FramePump, videoFrameSource } from './frame-pump';
import type { TryOnEngine } from './try-on-engine';
import { useHiddenPause } from './use-hidden-pause';
import { loadVideoFile, videoFileProblem, type VideoFileSession } from './video-file';

type Mode = 'idle' | 'camera' | 'file';

/**
 * What feeds the worker: the camera (front or rear) or a local video file, never both. Every start
 * (and stop) aborts the one before: a camera that opens after the user moved on is stopped at
 * once, a file that is still loading is released, and neither reaches the pump.
 */
export function useSources(
  videoRef: RefObject<HTMLVideoElement | null>,
  engineRef: RefObject<TryOnEngine | null>,
  pumpRef: RefObject<FramePump | null>,
) {
  const streamRef = useRef<MediaStream | null>(null);
  const fileRef = useRef<VideoFileSession | null>(null);
  const modeRef = useRef<Mode>('idle');
  const mirrorRef = useRef(false);
  const starting = useRef<AbortController | null>(null);
  /** Aborts the start under way (if any) and returns the signal of a new one. */
  const nextStart = useCallback((): AbortSignal => {
    starting.current?.abort();
    starting.current = new AbortController();
    return starting.current.signal;
  }, []);
  const setError = useSetAtom(engineErrorAtom);
  const [running, setRunning] = useAtom(isCameraRunningAtom);
  const [facing, setFacing] = useAtom(facingModeAtom);
  const [videoMode, setVideoMode] = useAtom(videoModeAtom);
  const [loading, setLoading] = useAtom(videoLoadingAtom);

  /** Stops the pump, the camera tracks and the file; the worker drops its video state. */
  const release = useCallback(() => {
    // The stopped pump stays referenced: its counters still settle and are still reported.
    pumpRef.current?.stop();
    stopStream(streamRef.current);
    streamRef.current = null;
    fileRef.current?.release();
    fileRef.current = null;
    const video = videoRef.current;
    if (video) video.srcObject = null;
    void engineRef.current?.reset().catch(() => {});
  }, [engineRef, pumpRef, videoRef]);

  const stopAll = useCallback(() => {
    starting.current?.abort();
    modeRef.current = 'idle';
    release();
    setRunning(false);
    setVideoMode(false);
    setLoading(false);
  }, [release, setLoading, setRunning, setVideoMode]);

  const feed = useCallback(
    (video: HTMLVideoElement, engine: TryOnEngine, mirror: boolean) => {
      mirrorRef.current = mirror;
      const pump = new FramePump(
        videoFrameSource(video),
        (frame) => engine.processFrame(frame, mirror),
        (error) => console.warn('frame failed', error),
        frameLogger(),
      );
      pumpRef.current = pump;
      pump.start();
    },
    [pumpRef],
  );

  const startCamera = useCallback(
    async (mode: FacingMode = facing) => {
      const video = videoRef.current;
      const engine = engineRef.current;
      if (!video || !engine) return;
      const signal = nextStart();
      modeRef.current = 'camera';
      release();
      setVideoMode(false);
      try {
        const stream = await openCamera(mode);
        if (signal.aborted) return stopStream(stream);
        streamRef.current = stream;
        // A camera unplugged or taken away ends its track; say so and stay usable.
        stream.getVideoTracks()[0]?.addEventListener('ended', () => {
          if (streamRef.current !== stream) return;
          stopAll();
          setError(t('cameraEnded'));
        });
        video.srcObject = stream;
        await video.play();
        if (signal.aborted) return;
        // Only the front camera is mirrored, like a looking glass.
        feed(video, engine, mode === 'user');
        setFacing(mode);
        setRunning(true);
        setError(null);
      } catch (error) {
        if (signal.aborted) return;
        stopAll();
        const reason = error instanceof Error ? error.message : String(error);
        setError(error instanceof CameraError ? reason : t('cameraFailed', { reason }));
      }
    },
    [
      engineRef,
      facing,
      feed,
      nextStart,
      release,
      setError,
      setFacing,
      setRunning,
      setVideoMode,
      stopAll,
      videoRef,
    ],
  );

  const stopCamera = useCallback(() => {
    if (modeRef.current === 'camera') stopAll();
  }, [stopAll]);

  /** Front ↔ rear: restarts the stream with the other facing mode; nothing when off. */
  const switchCamera = useCallback(() => {
    if (modeRef.current !== 'camera' || !running) return;
    void startCamera(facing === 'user' ? 'environment' : 'user');
  }, [facing, running, startCamera]);

  const openVideoFile = useCallback(
    async (file: File) => {
      const video = videoRef.current;
      const engine = engineRef.current;
      if (!video || !engine) return;
      stopAll();
      const signal = nextStart();
      const problem = videoFileProblem(file);
      if (problem) return setError(t(problem));
      modeRef.current = 'file';
      setError(null);
      setLoading(true);
      const { session, loaded } = loadVideoFile(video, file, {
        onJump: () => void engineRef.current?.resetPose().catch(() => {}),
        onFail: () => {
          stopAll();
          setError(t('videoLoadFailed'));
        },
      });
      fileRef.current = session;
      try {
        await loaded;
        await video.play();
        if (signal.aborted) return;
        feed(video, engine, false);
        setVideoMode(true);
        setLoading(false);
      } catch (error) {
        if (signal.aborted) return;
        console.warn('video file failed', error);
        stopAll();
        setError(t('videoLoadFailed'));
      }
    },
    [engineRef, feed, nextStart, setError, setLoading, setVideoMode, stopAll, videoRef],
  );

  /**
   * A fresh engine after a crash: the source never stopped (the camera or file kept playing in
   * the page), so its frames simply go to the new engine.
   */
  const resume = useCallback(
    (engine: TryOnEngine) => {
      const video = videoRef.current;
      if (!video || modeRef.current === 'idle' || pumpRef.current?.isRunning) return;
      feed(video, engine, mirrorRef.current);
    },
    [feed, pumpRef, videoRef],
  );

  useEffect(() => stopAll, [stopAll]);
  useHiddenPause(
    videoRef,
    streamRef,
    useCallback(() => modeRef.current === 'file', []),
  );

  return {
    running,
    facing,
    videoMode,
    loading,
    /** Camera or file: something is being tracked. */
    active: running || videoMode,
    startCamera,
    stopCamera,
    switchCamera,
    openVideoFile,
    stopAll,
    resume,
  };
}
