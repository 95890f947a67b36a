import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../i18n';
import { SCENE_ASSETS_WAIT_MS } from '../shared/ui-constants';
import { DeadlinePassed } from '../shared/deadline';
import { engineErrorAtom, engineStatusAtom, pipelineStatsAtom } from '../state/atoms';
import { engineStart, loadEngineAssets } from './engine-assets';
import { loadSceneAssets, sceneNotice } from './scene-assets';
import { acquireEngine, releaseEngine } from './engine-registry';
import { exposeDebugHandle } from './debug-handle';
import { rememberChoices } from './engine-choices';
import { chooseEnginePath } from './engine-path';
import { CrashBackoff } from './crash-backoff';
import { EngineWaiter } from './engine-waiter';
import type { FramePump } from './frame-pump';
import type { EngineAssets, EngineEvent, TryOnEngine } from './try-on-engine';
import { useSources } from './use-sources';

/** Getting ready, in steps the preview shows: stored assets, the engine, the scene. */
const PREPARE_STEPS = 3;

/** Which step of getting ready is under way (from 0), of how many. */
export interface Preparing {
  step: number;
  steps: number;
}

let assetsPromise: Promise<EngineAssets> | null = null;
/** Loaded once per page; each engine gets its own copy of the model bytes to transfer. */
function engineAssets(): Promise<EngineAssets> {
  assetsPromise ??= loadEngineAssets().catch((error: unknown) => {
    assetsPromise = null;
    throw error;
  });
  return assetsPromise;
}

/** Wires the canvas, the worker engine and the video sources (camera, file) together. */
export function useTryOn() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const engineRef = useRef<TryOnEngine | null>(null);
  const pumpRef = useRef<FramePump | null>(null);
  const [canvasKey, setCanvasKey] = useState(0);
  const [engine, setEngine] = useState<TryOnEngine | null>(null);
  const [prepared, setPrepared] = useState(0);
  const [status, setStatus] = useAtom(engineStatusAtom);
  const setError = useSetAtom(engineErrorAtom);
  const setStats = useSetAtom(pipelineStatsAtom);
  const [waiter] = useState(() => new EngineWaiter());
  const sources = useSources(videoRef, engineRef, pumpRef, waiter);
  const { resume } = sources;
  const backoff = useRef(new CrashBackoff());
  const recovering = useRef(false);
  const restartTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A fresh engine is on its way: the dead one's late failures do not start another wait. */
  const restartPending = useRef(false);

  /**
   * The worker died (crashed, closed, out of memory) or lost its GPU: a fresh canvas and engine, at once or after
   * a back-off when it keeps dying. The source keeps playing; the selected glasses are put back
   * by the catalogue and the frames resume once the new engine is ready.
   */
  const recover = useCallback(
    (message: string, notice = t('engineRestarting')) => {
      console.error('try-on engine stopped:', message);
      // The dead engine's calls still in flight fail at their deadlines, each 10 s on: counted
      // as crashes, each would push the restart further (30 s, then again), for ever.
      if (restartPending.current) return;
      restartPending.current = true;
      pumpRef.current?.stop();
      // Nothing goes to the dead engine from now on: a start that ends before the next engine
      // is ready leaves its source to that one (use-source-core.ts: startFeeding, then resume),
      // instead of feeding the dead one with a pump that resume would then leave running.
      engineRef.current = null;
      waiter.lost();
      setStats(null); // the dead worker's figures are not the picture's any more
      const delayMs = backoff.current.next(Date.now());
      recovering.current = true;
      setStatus('starting');
      setError(
        delayMs === 0
          ? notice
          : t('engineRetrying', { seconds: String(Math.round(delayMs / 1000)) }),
      );
      clearTimeout(restartTimer.current);
      restartTimer.current = setTimeout(() => {
        restartPending.current = false;
        setCanvasKey((key) => key + 1);
      }, delayMs);
    },
    [setError, setStats, setStatus, waiter],
  );
  useEffect(() => () => clearTimeout(restartTimer.current), []);

  const onEvent = useCallback(
    (event: EngineEvent) => {
      if (event.type === 'verdicts') rememberChoices(event.verdicts);
      else if (event.type === 'stats') {
        const pump = pumpRef.current;
        setStats({
          worker: event.stats,
          pump: pump ? { ...pump.counters } : emptyCounters(),
          path: engineRef.current?.path ?? null,
        });
      } else if (event.type === 'webgl-lost') {
        // A GPU reset or a long stay in the background: a fresh engine rebuilds every GPU
        // resource (textures, the prefiltered environment, shaders) instead of patching some.
        recover('WebGL context lost', t('webglLost'));
      } else if (event.type === 'crashed') recover(event.message);
      else if (event.type === 'stuck') recover(event.message, t('engineStuck'));
    },
    [recover, setStats],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let acquired = false;
    const abort = new AbortController();
    setStatus('starting');
    setPrepared(0);
    const started = performance.now();
    Promise.all([engineAssets(), chooseEnginePath()])
      .then(async ([assets, path]) => {
        if (cancelled) return;
        setPrepared(1);
        if (!path) {
          // Nothing can draw WebGL here: say so plainly; the rest of the site stays usable.
          setError(t('engineNoWebGL'));
          setStatus('error');
          waiter.failed();
          return;
        }
        const engine = acquireEngine(
          canvas,
          () => engineStart(assets, recovering.current),
          onEvent,
          path,
        );
        acquired = true;
        await engine.ready;
        if (cancelled) return;
        // Beside storage:prepare, for the bench and DevTools: where a start spends its time.
        performance.measure('engine:ready', { start: started });
        setPrepared(2);
        engineRef.current = engine;
        setEngine(engine);
        exposeDebugHandle(engine);
        // After a crash the source is still playing: track again while the rest loads.
        resume(engine);
        const sceneStarted = performance.now();
        const scene = await loadSceneAssets(engine.commands, SCENE_ASSETS_WAIT_MS, abort.signal);
        if (cancelled) return;
        performance.measure('engine:scene', { start: sceneStarted });
        // A source started while the engine got ready starts now, not before the scene is in:
        // its first frames would only slow the scene's load and so the first tracked frame.
        waiter.ready(engine);
        setStatus('ready');
        const notice = sceneNotice(scene.missing);
        // Replaces a recovery notice, and is replaced in turn once the late parts are in.
        if (recovering.current || notice) setError(notice);
        recovering.current = false;
        if (notice) {
          void scene.settled.then((missing) => {
            if (!cancelled) setError((shown) => (shown === notice ? sceneNotice(missing) : shown));
          });
        }
      })
      .catch((error: unknown) => {
        // A start past its deadline is restarted as a stuck engine (the 'stuck' event).
        if (cancelled || error instanceof DeadlinePassed) return;
        setError(
          t('engineFailed', { reason: error instanceof Error ? error.message : String(error) }),
        );
        setStatus('error');
        waiter.failed();
      });
    return () => {
      cancelled = true;
      abort.abort();
      engineRef.current = null;
      waiter.lost();
      setEngine(null);
      exposeDebugHandle(null);
      if (acquired) releaseEngine(canvas);
    };
  }, [canvasKey, onEvent, resume, setError, setStatus, waiter]);

  const preparing: Preparing | null =
    status === 'starting' ? { step: prepared, steps: PREPARE_STEPS } : null;
  return {
    canvasRef,
    videoRef,
    canvasKey,
    engine,
    status,
    /** While starting: how many of the preparation steps are done. */
    preparing,
    ...sources,
  };
}

export type TryOnControls = Omit<
  ReturnType<typeof useTryOn>,
  'canvasRef' | 'videoRef' | 'canvasKey'
>;

function emptyCounters() {
  return { framesIn: 0, drawn: 0, freshPoses: 0, dropped: 0, failed: 0, inFlight: 0, waiting: 0 };
}
