import { Matrix4 } from 'three';
import type { Tracking } from '../tracking/frame-tracking';
import type { FrameLedger } from '../common/frame-ledger';
import type { RisingClock } from '../common/rising-clock';
import type { TryOnScene } from '../render/scene';
import { capturePng } from '../render/scene-content';

/**
 * No frame for this long (a paused video, a stalled camera): the kept picture, drawn with a
 * predicted pose, is tracked and drawn again with its own. From a slow source, only after one and
 * a half of its own intervals between pictures (up to the slowest it is taken for, 4 a second, as
 * video-frame-source.ts): a camera at 4 fps was taken for still after every picture, and each was
 * tracked and drawn twice (0.81 cores against 0.42 at 6 fps; tests/unit/kept-picture.test.ts).
 */
const STILL_PICTURE_MS = 200;
const STILL_AFTER_INTERVALS = 1.5;
const SLOWEST_SOURCE_MS = 250;

/**
 * The last drawn picture, kept (as a clone) for photos and to show a change at once when no new
 * frame comes (a paused video; Firefox sends none while a video stands still). Replaced, and the
 * old one closed, on every frame.
 */
export class KeptPicture {
  private frame: VideoFrame | null = null;
  /** The kept picture's timestamp (the clock's), which its pose is sought for when drawn again. */
  private timeMs = 0;
  /** Whether the kept picture has its own pose (or was drawn with a predicted one). */
  private ownPose = false;
  /**
   * Whether the scene holds the kept picture's own pose unfiltered, as a photo needs it: a moving
   * face's poses are filtered, which lags behind the picture (face-pose.ts).
   */
  private stillPose = false;
  /** That own pose (null: no face found), kept: a moving result since may have posed the scene. */
  private readonly own = new Matrix4();
  private ownShown = false;
  private mirror = false;
  private stillTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly scene: TryOnScene,
    private readonly tracking: Tracking,
    private readonly clock: RisingClock,
    private readonly frames: FrameLedger,
    /**
     * Poses the scene for a frame at a timestamp as the frames are posed: between the results on
     * either side of it, or predicted to it (FacePose.poseAt). The scene's pose itself is the
     * newest result's, which is up to a hold ahead of a file's kept picture (held-frames.ts).
     */
    private readonly poseAt: (timeMs: number) => void,
    /**
     * Whether a file's frames are held to be drawn (held-frames.ts): no frame for a while is then
     * a wait for their poses, which a detection of the kept picture would only lengthen.
     */
    private readonly framesWaiting: () => boolean,
    private readonly onDrawn: () => void,
    /** A detection ran on the kept picture (a photo's only ones, on a tracking worker). */
    private readonly onTracked: () => void = () => {},
  ) {}

  /**
   * Keeps a clone of `frame` (at `timeMs`), just drawn; `ownPose`: drawn with its own tracking
   * result.
   */
  keep(frame: VideoFrame, timeMs: number, ownPose: boolean, mirror: boolean): void {
    this.frames.close(this.frame);
    this.frame = this.frames.clone(frame);
    // A jump (a seek, a loop, a new source) reads as no interval or the slowest.
    const interval = Math.min(Math.max(timeMs - this.timeMs, 0), SLOWEST_SOURCE_MS);
    const stillAfterMs = Math.max(STILL_PICTURE_MS, STILL_AFTER_INTERVALS * interval);
    this.timeMs = timeMs;
    this.ownPose = ownPose;
    this.stillPose = false;
    this.mirror = mirror;
    clearTimeout(this.stillTimer);
    if (!ownPose) this.stillTimer = setTimeout(() => this.stillNow(), stillAfterMs);
  }

  /** No new frame came: the picture stands still, unless held frames are still to be drawn. */
  private stillNow(): void {
    if (!this.framesWaiting()) this.redraw();
  }

  /**
   * Draws the kept picture again at once. A picture drawn with a predicted pose is then tracked
   * and drawn again with its own, if it is still the newest.
   */
  redraw(): void {
    const kept = this.frame;
    if (!kept) return;
    this.draw(kept);
    if (this.ownPose) return;
    this.withOwnPose((frame) => {
      if (this.frame === kept) this.draw(frame);
    }).catch((error: unknown) => console.warn('redraw: tracking failed', error));
  }

  /**
   * Renders the kept picture at `scale` times the video size into a PNG, mirrored like the
   * preview, with its own pose. With `glasses: false` the same picture is rendered without them.
   */
  capture(scale: number, glasses = true): Promise<Blob> {
    return this.withOwnPose((frame) =>
      capturePng(this.scene, frame, { scale, glasses, mirror: this.mirror }),
    );
  }

  /** Calls `use` with a copy of the kept picture (null before one), closed once it is done. */
  async withPicture<T>(use: (picture: VideoFrame | null) => Promise<T>): Promise<T> {
    const picture = this.frame ? this.frames.clone(this.frame) : null;
    try {
      return await use(picture);
    } finally {
      this.frames.close(picture);
    }
  }

  /** Whether a picture is kept (none before the first frame is drawn). */
  get hasPicture(): boolean {
    return this.frame !== null;
  }

  /** Draws the kept picture again, its pose not tracked anew; nothing before one. */
  show(): void {
    if (this.frame) this.draw(this.frame);
  }

  /** The source stopped or changed: nothing is kept. */
  clear(): void {
    clearTimeout(this.stillTimer);
    this.frames.close(this.frame);
    this.frame = null;
  }

  private draw(frame: VideoFrame): void {
    this.pose();
    this.scene.setMirror(this.mirror);
    this.scene.render(frame);
    this.onDrawn();
  }

  /** Poses the scene for the kept picture: its own pose once tracked, else as it was drawn. */
  private pose(): void {
    if (this.stillPose) this.scene.setPose(this.ownShown ? this.own : null);
    else this.poseAt(this.timeMs);
  }

  /**
   * Calls `use` with the kept picture (borrowed for the call) and whether it is mirrored, while
   * the scene holds that picture's own pose, unfiltered: tracked now unless it already is.
   */
  async withOwnPose<T>(use: (frame: VideoFrame, mirror: boolean) => T | Promise<T>): Promise<T> {
    const kept = this.frame;
    if (!kept) throw new Error('no picture yet');
    if (this.stillPose) {
      this.pose();
      return use(kept, this.mirror);
    }
    // A clone: newer frames may replace (and close) the kept one while it is being tracked.
    const frame = this.frames.clone(kept);
    try {
      const own = await this.tracking.trackNow(frame, this.clock.again(), this.mirror);
      this.onTracked();
      // Held frames drawn as the result came (a playing file's, waiting on it) have posed the
      // scene for newer pictures since: at a loop's seam, for the file's first frame.
      this.scene.setPose(own);
      if (this.frame === kept) {
        this.ownPose = this.stillPose = true;
        this.ownShown = own !== null;
        if (own) this.own.copy(own);
      }
      return await use(frame, this.mirror);
    } finally {
      this.frames.close(frame);
    }
  }
}
