import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../i18n';
import { ASSET_PATHS } from '../shared/constants';
import {
  engineErrorAtom,
  engineStatusAtom,
  facingModeAtom,
  isCameraRunningAtom,
  pipelineStatsAtom,
  type FacingMode,
} from '../state/atoms';
import { loadEngineAssets, fetchAsset } from './engine-assets';
import { acquireEngine, releaseEngine } from './engine-registry';
import { openCamera, stopStream } from './camera';
import { exposeDebugHandle } from './debug-handle';
import { rememberDelegate } from './delegate-memory';
import { FramePump, videoFrameSource } from './frame-pump';
import type { EngineAssets, EngineEvent, TryOnEngine } from './try-on-engine';

let assetsPromise: Promise<EngineAssets> | null = null;
/** Loaded once per page; each engine gets its own copy of the model bytes to transfer. */
function engineAssets(): Promise<EngineAssets> {
  assetsPromise ??= loadEngineAssets().catch((error: unknown) => {
    assetsPromise = null;
    throw error;
  });
  return assetsPromise;
}

/** Wires the canvas, the worker engine, the camera and the frame pump together. */
export function useTryOn() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const engineRef = useRef<TryOnEngine | null>(null);
  const pumpRef = useRef<FramePump | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const mirrorRef = useRef(true);
  const decidedRef = useRef<string | null>(null);
  const [canvasKey, setCanvasKey] = useState(0);
  const [engine, setEngine] = useState<TryOnEngine | null>(null);
  const [status, setStatus] = useAtom(engineStatusAtom);
  const setError = useSetAtom(engineErrorAtom);
  const setStats = useSetAtom(pipelineStatsAtom);
  const [running, setRunning] = useAtom(isCameraRunningAtom);
  const [facing, setFacing] = useAtom(facingModeAtom);

  const onEvent = useCallback(
    (event: EngineEvent) => {
      if (event.type === 'stats') {
        const pump = pumpRef.current;
        const { delegate } = event.stats;
        if (delegate !== 'pending' && delegate !== decidedRef.current) {
          decidedRef.current = delegate;
          rememberDelegate(delegate);
        }
        setStats({ worker: event.stats, pump: pump ? { ...pump.counters } : emptyCounters() });
      } else if (event.type === 'webgl-lost') setError(t('webglLost'));
      else if (event.type === 'webgl-restored') setError(null);
      else if (event.type === 'crashed') {
        setError(t('engineFailed', { reason: event.message }));
        setStatus('error');
      }
    },
    [setError, setStats, setStatus],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let acquired = false;
    setStatus('starting');
    engineAssets()
      .then(async (assets) => {
        if (cancelled) return;
        const engine = acquireEngine(
          canvas,
          () => ({ ...assets, modelBytes: assets.modelBytes.slice(0) }),
          onEvent,
        );
        acquired = true;
        await engine.ready;
        if (cancelled) return;
        engineRef.current = engine;
        setEngine(engine);
        exposeDebugHandle(engine);
        await Promise.all([
          fetchAsset(ASSET_PATHS.headOccluder).then((glb) => engine.setOccluder(glb)),
          fetchAsset(ASSET_PATHS.envImage).then((png) => engine.setEnvironment(new Blob([png]))),
        ]).catch((error: unknown) => console.error(error));
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setError(
          t('engineFailed', { reason: error instanceof Error ? error.message : String(error) }),
        );
        setStatus('error');
      });
    return () => {
      cancelled = true;
      engineRef.current = null;
      setEngine(null);
      exposeDebugHandle(null);
      if (acquired) releaseEngine(canvas);
    };
  }, [canvasKey, onEvent, setError, setStatus]);

  const stopCamera = useCallback(() => {
    // The stopped pump stays referenced: its counters still settle and are still reported.
    pumpRef.current?.stop();
    stopStream(streamRef.current);
    streamRef.current = null;
    const video = videoRef.current;
    if (video) video.srcObject = null;
    void engineRef.current?.reset().catch(() => {});
    setRunning(false);
  }, [setRunning]);

  const startCamera = useCallback(
    async (mode: FacingMode = facing) => {
      const video = videoRef.current;
      const engine = engineRef.current;
      if (!video || !engine) return;
      stopCamera();
      try {
        const stream = await openCamera(mode);
        streamRef.current = stream;
        stream.getVideoTracks()[0]?.addEventListener('ended', () => {
          setError(t('cameraEnded'));
          stopCamera();
        });
        mirrorRef.current = mode === 'user';
        video.srcObject = stream;
        await video.play();
        const pump = new FramePump(
          videoFrameSource(video),
          (frame) => engine.processFrame(frame, mirrorRef.current),
          (error) => console.warn('frame failed', error),
        );
        pumpRef.current = pump;
        pump.start();
        setFacing(mode);
        setRunning(true);
        setError(null);
      } catch (error) {
        stopCamera();
        setError(error instanceof Error ? error.message : String(error));
      }
    },
    [facing, setError, setFacing, setRunning, stopCamera],
  );

  useEffect(() => stopCamera, [stopCamera]);

  const restart = useCallback(() => {
    stopCamera();
    setError(null);
    setCanvasKey((k) => k + 1);
  }, [setError, stopCamera]);

  return {
    canvasRef,
    videoRef,
    canvasKey,
    engine,
    status,
    running,
    facing,
    startCamera,
    stopCamera,
    restart,
  };
}

function emptyCounters() {
  return { framesIn: 0, completed: 0, dropped: 0, failed: 0, inFlight: 0, waiting: 0 };
}
