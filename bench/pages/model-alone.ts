import * as Comlink from 'comlink';
import type { ModelAloneApi } from './model-alone.worker';
import { ASSET_PATHS } from '../../src/shared/constants';

/** Captures N camera frames, then times the model alone on them in a worker. */
async function main() {
  const params = new URLSearchParams(location.search);
  const count = Number(params.get('frames') ?? 30);
  const rounds = Number(params.get('rounds') ?? 3);
  const delegate = (params.get('delegate') ?? 'CPU') as 'CPU' | 'GPU';
  const input = (params.get('input') ?? 'videoframe') as 'videoframe' | 'imagebitmap';
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  document.body.append(video);
  video.srcObject = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 } });
  await video.play();
  const frames: VideoFrame[] = [];
  await new Promise<void>((resolve) => {
    const grab = () => {
      frames.push(new VideoFrame(video, { timestamp: frames.length * 33_333 }));
      if (frames.length >= count) resolve();
      else video.requestVideoFrameCallback(grab);
    };
    video.requestVideoFrameCallback(grab);
  });
  const base = new URL('/', location.href);
  const modelBytes = await (await fetch(new URL(ASSET_PATHS.faceModel, base))).arrayBuffer();
  const worker = Comlink.wrap<ModelAloneApi>(
    new Worker(new URL('./model-alone.worker.ts', import.meta.url), { type: 'module' }),
  );
  const times = await worker.run(
    Comlink.transfer(
      {
        modelBytes,
        wasmLoaderUrl: new URL(ASSET_PATHS.wasmLoader, base).href,
        wasmBinaryUrl: new URL(ASSET_PATHS.wasmBinary, base).href,
      },
      [modelBytes, ...frames],
    ),
    frames,
    delegate,
    rounds,
    input,
  );
  const result = { width: video.videoWidth, height: video.videoHeight, delegate, input, times };
  document.body.dataset.result = JSON.stringify(result);
}

main().catch((error: unknown) => {
  document.body.dataset.error = String(error);
});
