import type { CapturePair } from '../../src/shared/try-on-types';
import type { TryOnScene } from '../render/scene';
import { capturePng } from '../render/scene-content';
import type { FacePose } from '../tracking/face-pose';
import type { KeptPicture } from '../pipeline/kept-picture';

/**
 * A test hook (`testHooks` in try-on-host.ts, absent from production builds): the kept picture
 * with and without glasses, and its eye centres, for the tests and the bench to compare. With
 * `averageSize` the glasses are at the average face's size, not this face's (true-size.ts), and
 * also at this face's, from the same picture and pose.
 */
export function capturePair(
  kept: KeptPicture,
  scene: TryOnScene,
  facePose: FacePose,
  scale: number,
  averageSize: boolean,
): Promise<CapturePair> {
  return kept.withOwnPose(async (frame, mirror) => {
    const eyes = facePose.eyes;
    const options = { scale, mirror };
    const size = scene.trueSize;
    const faceScale = size.current;
    const withTrueSize = averageSize
      ? capturePng(scene, frame, { ...options, glasses: true })
      : null;
    // capturePng renders before it returns: the preview never shows the average size.
    if (averageSize) size.set(1);
    let withGlasses: Promise<Blob>;
    try {
      withGlasses = capturePng(scene, frame, { ...options, glasses: true });
    } finally {
      size.set(faceScale);
    }
    const without = capturePng(scene, frame, { ...options, glasses: false });
    return {
      withGlasses: await withGlasses,
      without: await without,
      eyes,
      ...(withTrueSize ? { withTrueSize: await withTrueSize } : {}),
    };
  });
}
