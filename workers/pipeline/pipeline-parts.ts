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
 * The scene and the tracking that poses it. The tracker starts first; once its worker has its
 * start, its runtime and model load while this thread makes its first WebGL context and the
 * scene. One after the other they add 0.1–0.4 s to a restart after a crash (bench: 'Crash
 * recovery ms', bench/RESULTS.md) and to every start (workers/README.md, "Every frame drawn,
 * tracked beside").
 */
export async function buildPipelineParts(
  init: EngineInit,
  canvas: OffscreenCanvas,
  onDecided: (delegate: Delegate) => void,
): Promise<PipelineParts> {
  const forced = __TEST_HOOKS__ ? init.debug?.forceDelegate : undefined;
  const { tracker, close } = await startTracking(
    {
      modelBytes: new Uint8Array(init.modelBytes),
      wasmLoaderUrl: init.wasmLoaderUrl,
      wasmBinaryUrl: init.wasmBinaryUrl,
      ...(forced ? { forced } : {}),
      ...(init.rememberedDelegate ? { remembered: init.rememberedDelegate } : {}),
    },
    init,
    onDecided,
  );
  let scene: TryOnScene;
  try {
    // Software GL: MSAA costs each frame 10–20 ms of drawing (bench/README.md, 'Where a frame's
    // time goes').
    const { software } = probeGl();
    scene = new TryOnScene(canvas, init.width, init.height, init.pixelRatio, software);
  } catch (error) {
    close();
    // Its failure, if it fails too, is this one's.
    tracker.catch(() => {});
    throw error;
  }
  if (__TEST_HOOKS__ && init.debug?.headOccluder === false) scene.drawsOccluder = false;
  if (__TEST_HOOKS__ && init.debug?.contactShadow === false) scene.contactShadows = false;
  if (__TEST_HOOKS__ && init.debug?.roomLight === false) scene.roomLight.on = false;
  if (__TEST_HOOKS__ && init.debug?.roomReflect === false) scene.roomLight.reflects = false;
  const facePose = new FacePose(scenePoseSink(scene));
  const frames = new FrameLedger();
  const { tracking, audit } = (await tracker).attach({ facePose, scene, frames });
  return { scene, facePose, tracking, audit, frames };
}
