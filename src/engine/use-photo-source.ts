import { useSetAtom } from 'jotai';
import { useCallback, type RefObject } from 'react';
import { t } from '../i18n';
import { engineErrorAtom, photoSizeAtom, videoLoadingAtom } from '../state/atoms';
import { EngineUnavailable, type EngineWaiter } from './engine-waiter';
import { loadPhoto, PhotoRefused, type PhotoProblem } from './photo-file';
import type { useSourceCore } from './use-source-core';

type Core = Pick<
  ReturnType<typeof useSourceCore>,
  'photoRef' | 'modeRef' | 'nextStart' | 'startFeeding'
>;

/**
 * A photo as the source: read and checked on the device (size, pixels, format), decoded upright
 * at its work size, then given to the engine once; it tracks the picture and keeps it, so glasses
 * change on it at once and a photo is saved from it. Nothing leaves the device.
 */
export function usePhotoSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  core: Core,
  waiter: EngineWaiter,
  stopAll: () => void,
) {
  const setError = useSetAtom(engineErrorAtom);
  const setLoading = useSetAtom(videoLoadingAtom);
  const setPhotoSize = useSetAtom(photoSizeAtom);
  const { photoRef, modeRef, nextStart, startFeeding } = core;

  return useCallback(
    async (file: File) => {
      const video = videoRef.current;
      if (!video) return;
      stopAll();
      const signal = nextStart();
      modeRef.current = 'photo';
      setError(null);
      setLoading(true);
      try {
        const { bitmap } = await loadPhoto(file, signal);
        if (signal.aborted) return bitmap.close();
        photoRef.current = bitmap;
        setPhotoSize({ width: bitmap.width, height: bitmap.height });
        await waiter.next(signal);
        if (signal.aborted) return;
        startFeeding(video, false);
        setLoading(false);
      } catch (error) {
        if (signal.aborted) return;
        stopAll();
        if (error instanceof EngineUnavailable) return;
        if (!(error instanceof PhotoRefused)) console.warn('photo failed', error);
        const problem: PhotoProblem =
          error instanceof PhotoRefused ? error.problem : { key: 'photoLoadFailed' };
        setError(t(problem.key, problem.params));
      }
    },
    [
      modeRef,
      nextStart,
      photoRef,
      setError,
      setLoading,
      setPhotoSize,
      startFeeding,
      stopAll,
      videoRef,
      waiter,
    ],
  );
}
