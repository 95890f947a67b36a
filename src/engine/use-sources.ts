import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { t } from '../i18n';
import {
  engineErrorAtom,
  facingModeAtom,
  isCameraRunningAtom,
  photoSizeAtom,
  videoLoadingAtom,
  videoModeAtom,
  type FacingMode,
} from '../state/atoms';
import { CameraError, openCamera, stopStream } from './camera';
import { EngineUnavailable, type EngineWaiter } from './engine-waiter';
import type { FramePump } from './frame-pump';
import type { TryOnEngine } from './try-on-engine';
import { useHiddenPause } from './use-hidden-pause';
import { usePhotoSource } from './use-photo-source';
import { useSourceCore } from './use-source-core';
import { PlayDidNotStart, startPlaying } from './start-playing';
import { loadVideoFile, videoFileProblem } from './video-file';
import { CAMERA_ANSWER_MS } from '../shared/ui-constants';

/**
 * What feeds the worker: the camera (front or rear), a local video file or a photo, one at a time. Every start
 * (and stop) aborts the one before: a camera that opens after the user moved on is stopped at
 * once, a file that is still loading is released, and neither reaches the pump. A source may start
 * before the engine is ready (`waiter`): its frames go to the engine once it is.
 */
export function useSources(
  videoRef: RefObject<HTMLVideoElement | null>,
  engineRef: RefObject<TryOnEngine | null>,
  pumpRef: RefObject<FramePump | null>,
  waiter: EngineWaiter,
) {
  const core = useSourceCore(videoRef, engineRef, pumpRef);
  const { streamRef, fileRef, modeRef, abortStart, nextStart, release, startFeeding, resume } =
    core;
  const setError = useSetAtom(engineErrorAtom);
  const [running, setRunning] = useAtom(isCameraRunningAtom);
  const [facing, setFacing] = useAtom(facingModeAtom);
  const [videoMode, setVideoMode] = useAtom(videoModeAtom);
  const [loading, setLoading] = useAtom(videoLoadingAtom);
  const [photoSize, setPhotoSize] = useAtom(photoSizeAtom);
  /** The camera is open and waits for the engine (the picture says so). */
  const [cameraWaiting, setCameraWaiting] = useState(false);

  const stopAll = useCallback(() => {
    abortStart();
    modeRef.current = 'idle';
    release();
    setRunning(false);
    setVideoMode(false);
    setPhotoSize(null);
    setLoading(false);
    setCameraWaiting(false);
  }, [abortStart, modeRef, release, setLoading, setPhotoSize, setRunning, setVideoMode]);

  const startCamera = useCallback(
    async (mode: FacingMode = facing) => {
      const video = videoRef.current;
      if (!video) return;
      const signal = nextStart();
      modeRef.current = 'camera';
      release();
      setVideoMode(false);
      setCameraWaiting(false);
      // A camera that does not answer is said to be slow; a late answer is still taken.
      const slow = setTimeout(() => {
        if (!signal.aborted) setError(t('cameraSlow'));
      }, CAMERA_ANSWER_MS);
      try {
        const stream = await openCamera(mode).finally(() => clearTimeout(slow));
        if (signal.aborted) return stopStream(stream);
        setError(null);
        streamRef.current = stream;
        // A camera unplugged or taken away ends its track; say so and stay usable.
        stream.getVideoTracks()[0]?.addEventListener('ended', () => {
          if (streamRef.current !== stream) return;
          stopAll();
          setError(t('cameraEnded'));
        });
        video.srcObject = stream;
        // The permission and the sensor's start are done; the picture plays once the engine is
        // ready, since decoding it meanwhile only slows the engine's start.
        setCameraWaiting(!waiter.current);
        await waiter.next(signal);
        if (signal.aborted) return;
        await startPlaying(video);
        if (signal.aborted) return;
        setCameraWaiting(false);
        // Only the front camera is mirrored, like a looking glass.
        startFeeding(video, mode === 'user');
        setFacing(mode);
        setRunning(true);
        setError(null);
      } catch (error) {
        if (signal.aborted) return;
        stopAll();
        // The engine's own error is already shown.
        if (error instanceof EngineUnavailable) return;
        setError(cameraFailure(error));
      }
    },
    [
      facing,
      startFeeding,
      modeRef,
      streamRef,
      nextStart,
      release,
      setError,
      setFacing,
      setRunning,
      setVideoMode,
      stopAll,
      videoRef,
      waiter,
    ],
  );

  const stopCamera = useCallback(() => {
    if (modeRef.current === 'camera') stopAll();
  }, [modeRef, stopAll]);

  /** Front ↔ rear: restarts the stream with the other facing mode; nothing when off. */
  const switchCamera = useCallback(() => {
    if (modeRef.current !== 'camera' || !running) return;
    void startCamera(facing === 'user' ? 'environment' : 'user');
  }, [facing, modeRef, running, startCamera]);

  const openVideoFile = useCallback(
    async (file: File) => {
      const video = videoRef.current;
      if (!video) return;
      stopAll();
      const signal = nextStart();
      const problem = videoFileProblem(file);
      if (problem) return setError(t(problem));
      modeRef.current = 'file';
      setError(null);
      setLoading(true);
      const { session, loaded } = loadVideoFile(video, file, {
        onJump: () => void engineRef.current?.commands.resetPose().catch(() => {}),
        onFail: () => {
          stopAll();
          setError(t('videoLoadFailed'));
        },
      });
      fileRef.current = session;
      try {
        await loaded;
        // Played only once the engine is ready: no frame of the file goes untracked.
        await waiter.next(signal);
        await startPlaying(video);
        if (signal.aborted) return;
        startFeeding(video, false);
        setVideoMode(true);
        setLoading(false);
      } catch (error) {
        if (signal.aborted) return;
        stopAll();
        if (error instanceof EngineUnavailable) return;
        console.warn('video file failed', error);
        setError(t('videoLoadFailed'));
      }
    },
    [
      engineRef,
      startFeeding,
      fileRef,
      modeRef,
      nextStart,
      setError,
      setLoading,
      setVideoMode,
      stopAll,
      videoRef,
      waiter,
    ],
  );

  const openPhoto = usePhotoSource(videoRef, core, waiter, stopAll);

  useEffect(() => stopAll, [stopAll]);
  useHiddenPause(
    videoRef,
    streamRef,
    useCallback(() => modeRef.current === 'file', [modeRef]),
  );

  return {
    running,
    facing,
    videoMode,
    /** A photo is the source (and tracked once the engine has it). */
    photoMode: photoSize !== null,
    loading,
    cameraWaiting,
    /** Camera, file or photo: something is being tracked. */
    active: running || videoMode || (photoSize !== null && !loading),
    startCamera,
    stopCamera,
    switchCamera,
    openVideoFile,
    openPhoto,
    stopAll,
    resume,
  };
}

/** What the user is told when the camera could not start (a CameraError's text is whole). */
function cameraFailure(error: unknown): string {
  if (error instanceof CameraError) return error.message;
  if (error instanceof PlayDidNotStart) return t('cameraFailed', { reason: t('playDidNotStart') });
  return t('cameraFailed', { reason: error instanceof Error ? error.message : String(error) });
}
