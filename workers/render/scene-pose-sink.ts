import type { Object3D } from 'three';
import type { PoseSink } from '../common/pose-sink';
import { meshesOf } from '../fit/fit-geometry';
import type { TryOnScene } from './scene';

/** The scene as the place a tracked face goes (common/pose-sink.ts). */
export function scenePoseSink(scene: TryOnScene): PoseSink {
  return {
    get size() {
      return scene.size;
    },
    camera: scene.camera,
    setPose: (pose) => scene.setPose(pose),
    get posed() {
      return scene.anchor.visible;
    },
    setTrueScale: (scale) => scene.trueSize.set(scale),
    setExpression: (scores) => {
      const glasses = scene.currentGlasses;
      if (glasses) applyBlendshapes(glasses, scores);
    },
    setFace: (points, pose, weight) => scene.fitHead(points, pose, weight),
    setEyes: (eyes) => {
      scene.lensEyes = eyes;
    },
  };
}

/** Drives morph targets whose names match blendshape categories. */
function applyBlendshapes(root: Object3D, scores: ReadonlyMap<string, number>): void {
  for (const mesh of meshesOf(root)) {
    const dictionary = mesh.morphTargetDictionary;
    if (!dictionary || !mesh.morphTargetInfluences) continue;
    for (const [name, index] of Object.entries(dictionary)) {
      mesh.morphTargetInfluences[index] = scores.get(name) ?? 0;
    }
  }
}
