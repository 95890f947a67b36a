import type { Material } from 'three';
import type {
  GlassesInput,
  LensQuality,
  TryAllImage,
  TryAllStart,
} from '../../src/shared/try-on-types';
import type { FrameLedger } from '../common/frame-ledger';
import {
  cropAroundEyes,
  eyesInCrop,
  renderCrop,
  type Crop,
  type StillPose,
} from '../render/crop-render';
import { disposeTree, type TryOnScene } from '../render/scene';
import { prepareGlasses } from '../render/scene-content';
import type { FacePose } from '../tracking/face-pose';
import type { KeptPicture } from './kept-picture';

interface Still {
  frame: VideoFrame;
  pose: StillPose;
  crop: Crop;
}

/**
 * 全部试戴: the picture shown when it begins is kept, with its own pose, and drawn with one frame
 * after another (each parsed, fitted, drawn once and thrown away), cropped about the eyes, while
 * the preview goes on with the worn glasses. Ends (its picture closed) on `end`, a new `begin`,
 * or when the source stops.
 *
 * Each frame is drawn at once, its programs linked by that draw, not left to link first as a worn
 * frame's are (scene-content.ts): on software GL that wait is a fixed 750 ms a program, here
 * measured at 1.5 s a frame, against one stall of the drawing thread. The materials of the frames
 * drawn are kept until the end, so the programs they share (most frames make the same two, and
 * the contact shadow's) stay linked: only the first frame links any.
 */
export class TryAll {
  private still: Still | null = null;
  private materials: Material[] = [];

  constructor(
    private readonly scene: TryOnScene,
    private readonly kept: KeptPicture,
    private readonly facePose: FacePose,
    private readonly frames: FrameLedger,
  ) {}

  /** Keeps the picture shown now, tracked as itself; null when it has no face (or no picture). */
  async begin(): Promise<TryAllStart | null> {
    this.end();
    const still = await this.kept
      .withOwnPose((frame, mirror): Still | null => {
        const { face, eyes, raw } = this.facePose;
        if (!face || eyes.length < 4) return null;
        const pose = {
          matrix: raw.clone(),
          mirror,
          faceScale: this.scene.trueSize.current,
          eyes: [...eyes],
          head: this.scene.headShape(),
        };
        const crop = cropAroundEyes(eyes, frame.displayWidth, frame.displayHeight);
        return { frame: this.frames.clone(frame), pose, crop };
      })
      .catch(() => null);
    if (!still) return null;
    this.still = still;
    const eyes = eyesInCrop(this.facePose.eyes, still.crop);
    return { bare: await this.draw(still, null), eyes };
  }

  /** The kept picture wearing `input` (parsed and fitted here, then dropped). */
  async render(input: GlassesInput, quality: LensQuality | 'pending'): Promise<TryAllImage> {
    if (!this.still) throw new Error('try-all not begun');
    const { object, report } = await prepareGlasses(this.scene, input, quality, () => false);
    const still = this.still;
    try {
      if (!still) throw new Error('try-all ended');
      return { image: await this.draw(still, { object, fit: report }), report };
    } finally {
      disposeTree(object, still ? this.materials : undefined);
    }
  }

  end(): void {
    this.frames.close(this.still?.frame ?? null);
    this.still = null;
    for (const material of this.materials) material.dispose();
    this.materials = [];
  }

  private draw(still: Still, glasses: Parameters<typeof renderCrop>[3]): Promise<Blob> {
    try {
      return renderCrop(this.scene, still.frame, still.pose, glasses, still.crop);
    } finally {
      // The preview, as it was, in the same task: it never shows the crop.
      this.kept.show();
    }
  }
}
