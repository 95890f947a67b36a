import type { Matrix4 } from 'three';
import type { Delegate } from '../../src/shared/try-on-types';
import type { DelegatePicker } from './delegate-picker';
import type { FacePose } from './face-pose';
import type { TryOnScene } from '../render/scene';
import type { TrackAudit } from '../diagnostics/track-audit';
import type { TrackScheduler } from './track-scheduler';

/** What tracking did for one drawn frame. */
export interface FrameTrack {
  /** A tracking result came since the last frame and posed this one (FrameResult.freshPose). */
  freshPose: boolean;
  /** How long that detection took (on a tracking worker: from sending the frame to its result). */
  detectMs: number | null;
}

/**
 * Who tracks the frames the pipeline draws: this thread between frames (InlineTracking), or a
 * tracking worker beside it (RemoteTracking). Both pose the scene through the same FacePose.
 */
export interface Tracking {
  readonly delegate: Delegate | 'pending';
  /** True when trackNow has posed the scene by the time it returns. */
  readonly sync: boolean;
  /**
   * Poses the scene for the frame at `timeMs`; tracks it, or has it tracked, when due. A `held`
   * frame is drawn later (pipeline/held-frames.ts): it is posed then, by `poseHeld`.
   */
  frame(frame: VideoFrame, timeMs: number, mirror: boolean, held?: boolean): FrameTrack;
  /**
   * Poses the scene for a held frame at `timeMs`, about to be drawn: between the results on either
   * side of it once they have come (true), else predicted (false).
   */
  poseHeld(timeMs: number): boolean;
  /** Heard after each detection ends, its result applied or not (held frames may be drawn). */
  onResult: () => void;
  /** Whether a detection is out, whose result may pose a held frame. */
  readonly detecting: boolean;
  /**
   * Gives `frame` (borrowed) its own pose, unfiltered: a photo, or a change shown on a paused
   * picture. Resolves with that pose as its result left the scene (null: no glasses), copied
   * then: frames drawn as the result came (held frames waiting on it) pose the scene for
   * themselves before the caller runs.
   */
  trackNow(frame: VideoFrame, timeMs: number, mirror: boolean): Promise<Matrix4 | null>;
  /**
   * Gets the model's one-off start-up work done before the first frame; takes a timestamp from
   * `next` (the pipeline's RisingClock) only if it does.
   */
  warmUp(next: () => number): void;
  /** The video jumped or the source changed: results for earlier frames no longer count. */
  reset(): void;
  /** A scene cut seen late (a held frame): the next frame is tracked, results on the way count. */
  trackNext(): void;
  close(): void;
}

/**
 * Tracking on the drawing thread, between frames: where no tracking worker can run (the page
 * fallback). A frame that is due is tracked before it is drawn.
 */
export class InlineTracking implements Tracking {
  readonly sync = true;
  /** Never heard: a frame tracked here is tracked before it is drawn, so none is held. */
  onResult = (): void => {};
  /** Each due frame is tracked before it is drawn: nothing is ever out. */
  readonly detecting = false;

  constructor(
    private readonly picker: DelegatePicker,
    private readonly scheduler: TrackScheduler,
    private readonly facePose: FacePose,
    private readonly scene: TryOnScene,
    private readonly audit: TrackAudit | null,
  ) {}

  get delegate(): Delegate | 'pending' {
    return this.picker.delegate;
  }

  frame(frame: VideoFrame, timeMs: number, mirror: boolean): FrameTrack {
    const due = this.scheduler.due(timeMs, this.facePose.motion);
    const start = performance.now();
    if (__TEST_HOOKS__ && this.audit) this.auditFrame(this.audit, frame, timeMs, due, mirror);
    else if (due) this.track(frame, timeMs, mirror);
    else this.facePose.predict(timeMs);
    return { freshPose: due, detectMs: due ? performance.now() - start : null };
  }

  poseHeld(timeMs: number): boolean {
    this.facePose.predict(timeMs);
    return false;
  }

  trackNow(frame: VideoFrame, timeMs: number, mirror: boolean): Promise<Matrix4 | null> {
    this.track(frame, timeMs, mirror, true);
    return Promise.resolve(posedNow(this.scene));
  }

  /** `?track=audit`: tracks every frame for the reference, poses the picture as adaptive would. */
  private auditFrame(
    audit: TrackAudit,
    frame: VideoFrame,
    timeMs: number,
    due: boolean,
    mirror: boolean,
  ): void {
    const start = performance.now();
    const result = this.picker.detect(frame, timeMs);
    audit.track(result, timeMs);
    if (due) {
      this.facePose.apply(result, timeMs, mirror);
      this.scheduler.tracked(timeMs, performance.now() - start);
    } else this.facePose.predict(timeMs);
    const { anchor, camera } = this.scene;
    const { width, height } = this.scene.size;
    audit.compare(anchor.visible ? anchor.matrix : null, camera, width, height);
  }

  private track(frame: VideoFrame, timeMs: number, mirror: boolean, still = false): void {
    const start = performance.now();
    const result = this.picker.detect(frame, timeMs);
    this.facePose.apply(result, timeMs, mirror, still ? 'still' : 'moving');
    this.scheduler.tracked(timeMs, performance.now() - start);
    // The graph is rebuilt between frames (as long as a detection), only when the count changes.
    void this.picker.setFaceCount(this.facePose.soughtFaces);
  }

  /** Not here: on the page it would hold the page's thread; the first frame pays instead. */
  warmUp(): void {}

  reset(): void {
    this.scheduler.reset();
  }

  /** The same as a reset here: the scheduler is all that waits on the next frame. */
  trackNext(): void {
    this.reset();
  }

  close(): void {
    this.picker.close();
  }
}

/** The pose `scene` holds now, copied (null: no glasses shown). */
export function posedNow(scene: TryOnScene): Matrix4 | null {
  return scene.anchor.visible ? scene.anchor.matrix.clone() : null;
}
