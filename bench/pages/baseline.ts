import { openCamera, stopStream } from '../../src/engine/camera';
import {
  ASSET_PATHS,
  RENDER_HEIGHT,
  RENDER_PIXEL_RATIO,
  RENDER_WIDTH,
} from '../../src/shared/constants';
import type { Delegate, WorkerStats } from '../../src/shared/try-on-types';
import '../../src/styles.css';
import { installFetchGuard } from '../../workers/fetch-guard';
import { TryOnPipeline } from '../../workers/pipeline';
import { pinModuleFactory } from '../../src/engine/page/module-factory';
import { assetUrl, firstCatalogueGlasses, fetchBytes } from './bench-assets';

/**
 * The main-thread baseline: the worker's own TryOnPipeline run on the page, fed synchronously from
 * requestVideoFrameCallback, the way the original app worked. It writes the same data-* stats as
 * the app's overlay (src/components/stats-overlay.tsx), so the bench reads both pages alike.
 */
const params = new URLSearchParams(location.search);
const stats = document.querySelector<HTMLElement>('[data-testid=pipeline-stats]')!;
const button = document.querySelector<HTMLButtonElement>('button')!;
const video = document.querySelector('video')!;
const canvas = document.querySelector('canvas')!;
const counters = { framesIn: 0, completed: 0, failed: 0 };
let stream: MediaStream | null = null;
let stopTracking: (() => void) | null = null;
/** Installed by the bench (bench/lib/probes.mjs); absent when the page is opened by hand. */
const probe = (window as { __bench?: { frames: object[] } }).__bench;

function show(s: WorkerStats): void {
  Object.assign(stats.dataset, {
    framesIn: counters.framesIn,
    tracked: counters.completed,
    dropped: 0,
    failed: counters.failed,
    inFlight: 0,
    fps: s.fps,
    detectMs: s.detectMsP50.toFixed(1),
    detectMsP95: s.detectMsP95.toFixed(1),
    renderMs: s.renderMsP50.toFixed(1),
    renderMsP95: s.renderMsP95.toFixed(1),
    latencyMs: s.latencyMsP50.toFixed(1),
    latencyMsP95: s.latencyMsP95.toFixed(1),
    face: s.face ? 1 : 0,
    faces: s.faces,
    workerTracked: s.tracked,
    delegate: s.delegate,
    quality: s.quality,
    openFrames: s.openFrames,
  });
}

async function createPipeline(): Promise<TryOnPipeline> {
  const delegate = params.get('delegate');
  const forceDelegate: Delegate | undefined =
    delegate === 'CPU' || delegate === 'GPU' ? delegate : undefined;
  installFetchGuard([location.origin]);
  const pipeline = await TryOnPipeline.create(
    {
      canvas: canvas.transferControlToOffscreen(),
      width: RENDER_WIDTH,
      height: RENDER_HEIGHT,
      pixelRatio: RENDER_PIXEL_RATIO,
      modelBytes: await fetchBytes(ASSET_PATHS.faceModel),
      wasmLoaderUrl: await pinModuleFactory(assetUrl(ASSET_PATHS.wasmLoader)),
      wasmBinaryUrl: assetUrl(ASSET_PATHS.wasmBinary),
      assetBase: location.origin + '/',
      allowedOrigins: [location.origin],
      ...(forceDelegate ? { forceDelegate } : {}),
    },
    show,
    (code) => console.warn('baseline:', code),
  );
  await pipeline.setOccluder(await fetchBytes(ASSET_PATHS.headOccluder));
  await pipeline.setEnvironment(new Blob([await fetchBytes(ASSET_PATHS.envImage)]));
  await pipeline.setGlasses(await firstCatalogueGlasses());
  return pipeline;
}

/** Detect and render inside the video-frame callback: the page is busy until both are done. */
function track(pipeline: TryOnPipeline): () => void {
  let lastUs = 0;
  let handle = 0;
  const onFrame: VideoFrameRequestCallback = (_now, meta) => {
    handle = video.requestVideoFrameCallback(onFrame);
    const capturedAt = performance.timeOrigin + (meta.captureTime ?? meta.expectedDisplayTime);
    lastUs = Math.max(Math.round(capturedAt * 1000), lastUs + 1);
    counters.framesIn++;
    try {
      const result = pipeline.processFrame(new VideoFrame(video, { timestamp: lastUs }), {
        mirror: true,
      });
      counters.completed++;
      // The same per-frame record the bench's probe makes from the worker's replies.
      const latency = performance.timeOrigin + performance.now() - lastUs / 1000;
      const { detectMs: detect, renderMs: render, face } = result;
      probe?.frames.push({ detect, render, latency, face });
    } catch (error) {
      counters.failed++;
      console.warn('frame failed', error);
    }
  };
  handle = video.requestVideoFrameCallback(onFrame);
  return () => video.cancelVideoFrameCallback(handle);
}

async function toggle(pipeline: TryOnPipeline): Promise<void> {
  if (stream) {
    stopTracking?.();
    stopStream(stream);
    stream = null;
    video.srcObject = null;
    pipeline.reset();
    button.textContent = '开启摄像头';
    return;
  }
  stream = await openCamera('user');
  video.srcObject = stream;
  await video.play();
  stopTracking = track(pipeline);
  button.textContent = '关闭摄像头';
}

createPipeline().then((pipeline) => {
  button.addEventListener('click', () => void toggle(pipeline).catch(fail));
  button.disabled = false;
}, fail);

function fail(error: unknown): void {
  document.body.dataset.error = error instanceof Error ? error.message : String(error);
  console.error(error);
}
