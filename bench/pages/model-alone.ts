import * as Comlink from 'comlink';
import { openCamera, stopStream } from '../../src/engine/camera';
import { ASSET_PATHS } from '../../src/shared/storage-constants';
import { assetUrl, fetchBytes } from './bench-assets';
import type { ModelAloneApi, ModelInput } from './model-alone.worker';
import type { PipelineAloneApi } from './pipeline-alone.worker';

/**
 * Captures N camera frames (the product's camera request), then times the model alone on them in
 * a worker. `?delegate=CPU|GPU&input=videoframe|imagebitmap|imagedata|rgba-copy&frames=30&rounds=3`,
 * or the whole pipeline with `&mode=pipeline[&flush][&glasses=0]`. The result lands in `body[data-result]`
 * (JSON), a failure in `body[data-error]`.
 */
async function main(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const count = Number(params.get('frames') ?? 30);
  const rounds = Number(params.get('rounds') ?? 3);
  const delegate = params.get('delegate') === 'GPU' ? 'GPU' : 'CPU';
  const input = (params.get('input') ?? 'videoframe') as ModelInput;
  const video = document.querySelector('video')!;
  const stream = await openCamera('user');
  video.srcObject = stream;
  await video.play();
  const frames: VideoFrame[] = [];
  await new Promise<void>((resolve) => {
    const grab: VideoFrameRequestCallback = () => {
      frames.push(new VideoFrame(video, { timestamp: frames.length * 33_333 }));
      if (frames.length >= count) resolve();
      else video.requestVideoFrameCallback(grab);
    };
    video.requestVideoFrameCallback(grab);
  });
  stopStream(stream);
  const modelBytes = await fetchBytes(ASSET_PATHS.faceModel);
  const source = {
    modelBytes,
    wasmLoaderUrl: assetUrl(ASSET_PATHS.wasmLoader),
    wasmBinaryUrl: assetUrl(ASSET_PATHS.wasmBinary),
  };
  const transferred = Comlink.transfer(source, [modelBytes, ...frames]);
  let worker: Worker;
  let run: object;
  if (params.get('mode') === 'pipeline') {
    worker = new Worker(new URL('./pipeline-alone.worker.ts', import.meta.url), { type: 'module' });
    const api = Comlink.wrap<PipelineAloneApi>(worker);
    const glasses = params.get('glasses') !== '0';
    run = await api.run(transferred, frames, delegate, rounds, params.has('flush'), glasses);
  } else {
    worker = new Worker(new URL('./model-alone.worker.ts', import.meta.url), { type: 'module' });
    const api = Comlink.wrap<ModelAloneApi>(worker);
    const blendshapes = params.get('blendshapes') !== '0';
    run = await api.run(transferred, frames, delegate, rounds, input, blendshapes);
  }
  worker.terminate();
  const { videoWidth: width, videoHeight: height } = video;
  document.body.dataset.result = JSON.stringify({ width, height, delegate, input, ...run });
}

main().catch((error: unknown) => {
  document.body.dataset.error = error instanceof Error ? error.message : String(error);
});
