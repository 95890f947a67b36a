import { CutDetector } from '../tracking/cut-detector';
import { THUMB_HEIGHT, THUMB_WIDTH } from '../render/frame-thumbnail';
import type { TryOnScene } from '../render/scene';

/**
 * A file's scene cuts (tracking/cut-detector.ts), judged on each drawn frame's thumbnail: after
 * one, no frame may be drawn with a pose from before it. The thumbnail is read back from the
 * GPU, which waits for the drawing still queued there: 43–47 ms a frame on SwiftShader, where the
 * GPU process is never idle (a hardware GPU was not measured). Camera frames, which never cut,
 * skip it. The frame is uploaded for it as the background, which its drawing then uses: a file's
 * frame is checked as it is drawn, not as it comes (held-frames.ts), or it would be uploaded
 * twice (17–18 frames drawn a second against 22–24 on portrait-turn, measured with the stats).
 */
export class SceneCuts {
  private readonly detector = new CutDetector();
  private readonly thumb = new Float32Array(THUMB_WIDTH * THUMB_HEIGHT);
  /** Cuts seen since the source started (the stats' `cuts`). */
  count = 0;

  constructor(private readonly scene: TryOnScene) {}

  /** Whether `frame`, about to be drawn, starts a new scene. */
  check(frame: VideoFrame): boolean {
    this.scene.readThumbnail(frame, this.thumb);
    if (!this.detector.isCut(this.thumb)) return false;
    this.count++;
    return true;
  }

  /** The lowest correlation between two frames compared since the source started. */
  get lowest(): number {
    return this.detector.lowest;
  }

  /** A seek or a loop: the next frame has nothing to compare with. */
  jumped(): void {
    this.detector.reset();
  }

  /** A new source: nothing compared, nothing counted. */
  clear(): void {
    this.detector.reset();
    this.detector.lowest = 1;
    this.count = 0;
  }
}
