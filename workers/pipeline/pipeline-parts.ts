import type { Delegate, EngineInit } from '../../src/shared/try-on-types';
import { FrameLedger } from '../common/frame-ledger';
import { FacePose } from '../tracking/face-pose';
import type { Tracking } from '../tracking/frame-tracking';
import { TryOnScene } from '../render/scene';
import { scenePoseSink } from '../render/scene-pose-sink';
import { probeSoftwareGl } from '../common/software-gl';
import { startTracking } from '../tracking/start-tracking';
import type { TrackAudit } from '../tracking/track-audit';

export interface PipelineParts {
  scene: TryOnScene;
  facePose: FacePose;
  tracking: Tracking;
  audit: TrackAudit | null;
  frames: FrameLedger;
}

/**
 * The scene and the tracking that poses it. The tracker starts first and loads its runtime and
 * model while the scene is built (a restart after a crash waited 0.1–0.4 s longer building them
 * one after the other).
 */
export async function buildPipelineParts(
  init: EngineInit,
  canvas: OffscreenCanvas,
  onDecided: (delegate: Delegate) => void,
): Promise<PipelineParts> {
  // Software GL (measured on SwiftShader, portrait video): MSAA off took drawn frames from 8.4
  // to 10.6 per second, and the GPU delegate loses there (221 ms against 43 ms a detection)
  // while building it would stall the picture for seconds: no trial.
  const software = probeSoftwareGl();
  const source = {
    modelBytes: new Uint8Array(init.modelBytes),
    wasmLoaderUrl: init.wasmLoaderUrl,
    wasmBinaryUrl: init.wasmBinaryUrl,
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
  const facePose = new FacePose(scenePoseSink(scene));
  const frames = new FrameLedger();
  const { tracking, audit } = (await started).attach({ facePose, scene, frames });
  return { scene, facePose, tracking, audit, frames };
}
