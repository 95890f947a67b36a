import type { Delegate, EngineInit } from '../../src/shared/try-on-types';
import { FrameLedger } from '../common/frame-ledger';
import { FacePose } from '../tracking/face-pose';
import type { Tracking } from '../tracking/frame-tracking';
import { TryOnScene } from '../render/scene';
import { scenePoseSink } from '../render/scene-pose-sink';
import { probeGl } from '../common/software-gl';
import { startTracking } from '../tracking/start-tracking';
import type { TrackAudit } from '../diagnostics/track-audit';

export interface PipelineParts {
  scene: TryOnScene;
  facePose: FacePose;
  tracking: Tracking;
  audit: TrackAudit | null;
  frames: FrameLedger;
}

/**
 * The scene and the tracking that poses it. The tracker starts first and loads its runtime and
 * model while the scene is built: one after the other they add 0.1–0.4 s to a restart after a
 * crash (bench: 'Crash recovery ms', bench/RESULTS.md).
 */
export async function buildPipelineParts(
  init: EngineInit,
  canvas: OffscreenCanvas,
  onDecided: (delegate: Delegate) => void,
): Promise<PipelineParts> {
  // Software GL: MSAA costs each frame 10–20 ms of drawing (bench/README.md, 'Where a frame's
  // time goes'), and the GPU delegate loses to the CPU (bench: the 'Model alone' table's GPU
  // against CPU detect ms, bench/RESULTS.md) while building it would stall the picture for
  // seconds: no trial.
  const { software, swiftShader } = probeGl();
  const source = {
    modelBytes: new Uint8Array(init.modelBytes),
    wasmLoaderUrl: init.wasmLoaderUrl,
    wasmBinaryUrl: init.wasmBinaryUrl,
    swiftShader,
  };
  const forced = __TEST_HOOKS__ ? init.debug?.forceDelegate : undefined;
  const force = forced ?? (software ? 'CPU' : init.rememberedDelegate);
  const started = startTracking(source, init, force, onDecided);
  let scene: TryOnScene;
  try {
    scene = new TryOnScene(canvas, init.width, init.height, init.pixelRatio, software);
  } catch (error) {
    started.then((tracker) => tracker.close()).catch(() => {});
    throw error;
  }
  if (__TEST_HOOKS__ && init.debug?.headOccluder === false) scene.drawsOccluder = false;
  if (__TEST_HOOKS__ && init.debug?.contactShadow === false) scene.contactShadows = false;
  if (__TEST_HOOKS__ && init.debug?.roomLight === false) scene.roomLight.on = false;
  if (__TEST_HOOKS__ && init.debug?.roomReflect === false) scene.roomLight.reflects = false;
  const facePose = new FacePose(scenePoseSink(scene));
  const frames = new FrameLedger();
  const { tracking, audit } = (await started).attach({ facePose, scene, frames });
  return { scene, facePose, tracking, audit, frames };
}
