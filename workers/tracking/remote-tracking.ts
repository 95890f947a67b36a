import * as Comlink from 'comlink';
import { Matrix4 } from 'three';
import type { Delegate } from '../../src/shared/try-on-types';
import type { FacePose } from './face-pose';
import { posedNow, type FrameTrack, type Tracking } from './frame-tracking';
import type { TryOnScene } from '../render/scene';
import { TrackAudit } from '../diagnostics/track-audit';
import type { TrackScheduler } from './track-scheduler';
import type { TrackWorkerLink } from './track-worker-link';
import type { TrackResult } from '../common/track-result';
import type { FrameLedger } from '../common/frame-ledger';
import { DeadlinePassed, withDeadline } from '../../src/shared/deadline';

/**
 * A detection takes tens of ms (bench: "Detect ms p50 / p95"), a GPU delegate's first run
 * compiles for seconds; a tracking worker silent this long is stuck: the render worker ends with
 * it, and the page restarts both (track-worker-link.ts), as when the tracking worker dies.
 */
export const TRACK_ANSWER_MS = 20_000;

/** Drawn poses remembered to compare with their frames' own results (a detection's worth). */
const DRAWN_HISTORY = 32;

interface Drawn {
  timeMs: number;
  shown: boolean;
  pose: Matrix4;
}

/**
 * Tracking in a worker of its own, beside the drawing: every camera frame is drawn at once with
 * the pose predicted to its timestamp, while the newest due frame (a clone) is tracked there; its
 * result is applied at that frame's timestamp and carried forward to the frames drawn after it.
 * A file's frames are drawn later, posed between the results on either side (`poseHeld`). On
 * SwiftShader (2 cores) this draws the webcam video at ~26 frames a second, against ~13.7 with
 * tracking inline on the drawing thread.
 *
 * In the tests' and bench's builds every result is also compared with the pose that frame was
 * drawn with (`audit`, __TEST_HOOKS__): what the
 * drawing's lag and prediction cost, in picture pixels.
 */
export class RemoteTracking implements Tracking {
  readonly sync = false;
  readonly audit = __TEST_HOOKS__ ? new TrackAudit() : null;
  private inFlight = 0;
  private epoch = 0;
  private closed = false;
  /** The detection time of a result applied since the last drawn frame. */
  private fresh: number | null = null;
  private readonly drawn: Drawn[] = Array.from({ length: DRAWN_HISTORY }, () => ({
    timeMs: -1,
    shown: false,
    pose: new Matrix4(),
  }));
  private next = 0;
  /** A result whose frame is held, not drawn yet: compared once it is (tests' builds). */
  private readonly awaiting = { timeMs: -1, raw: new Matrix4(), smoothed: new Matrix4() };
  onResult = (): void => {};
  /** A change of how many faces the tracking worker seeks, while it is on its way there. */
  private faceCount: Promise<void> | null = null;

  constructor(
    private readonly link: TrackWorkerLink,
    private readonly scheduler: TrackScheduler,
    private readonly facePose: FacePose,
    private readonly scene: TryOnScene,
    private readonly frames: FrameLedger,
  ) {}

  get delegate(): Delegate | 'pending' {
    return this.link.delegate;
  }

  frame(frame: VideoFrame, timeMs: number, mirror: boolean, held = false): FrameTrack {
    const track = { freshPose: this.fresh !== null, detectMs: this.fresh };
    this.fresh = null;
    // One detection at a time: the newest due frame goes, none waits behind another.
    if (this.inFlight === 0 && this.scheduler.due(timeMs, this.facePose.motion)) {
      this.send(frame, timeMs, mirror).catch((error: unknown) => {
        console.warn('tracking failed', error);
      });
    }
    if (held) return track;
    this.facePose.predict(timeMs);
    this.remember(timeMs);
    return track;
  }

  poseHeld(timeMs: number): boolean {
    const known = this.facePose.poseAt(timeMs);
    this.remember(timeMs);
    return known;
  }

  /** Sent before any frame, so the tracking worker runs it first; drawing goes on meanwhile. */
  warmUp(next: () => number): void {
    this.link.remote
      .warmUp(next())
      .catch((error: unknown) => console.warn('warm-up failed', error));
  }

  trackNow(frame: VideoFrame, timeMs: number, mirror: boolean): Promise<Matrix4 | null> {
    return this.send(frame, timeMs, mirror, true);
  }

  get detecting(): boolean {
    return this.inFlight > 0;
  }

  private async send(
    frame: VideoFrame,
    timeMs: number,
    mirror: boolean,
    still = false,
  ): Promise<Matrix4 | null> {
    try {
      return await this.detectAndApply(frame, timeMs, mirror, still);
    } finally {
      // Held frames past their time wait while a detection is out: each end is heard.
      this.onResult();
    }
  }

  private async detectAndApply(
    frame: VideoFrame,
    timeMs: number,
    mirror: boolean,
    still: boolean,
  ): Promise<Matrix4 | null> {
    const epoch = this.epoch;
    const capturedMs = frame.timestamp / 1000;
    const clone = this.frames.clone(frame);
    const start = performance.now();
    this.inFlight++;
    let result: TrackResult;
    try {
      const post = () =>
        still
          ? this.link.remote.detectStill(Comlink.transfer(clone, [clone]))
          : this.link.remote.detect(Comlink.transfer(clone, [clone]), timeMs);
      // Posted now, not in a microtask, which would wait for the end of this task: the frame's
      // drawing (workers/README.md, "Every frame drawn, tracked beside"). A face-count change
      // still on its way is part of the wait.
      const answer = this.faceCount ? this.faceCount.then(post) : post();
      result = await withDeadline(answer, TRACK_ANSWER_MS);
    } catch (error) {
      if (error instanceof DeadlinePassed) this.link.stuck(error.message);
      throw error;
    } finally {
      this.inFlight--;
      // The tracking worker closed its copy, or is gone with it.
      this.frames.answered();
    }
    // A moving frame's result from before a jump no longer counts. A still picture's does: a photo
    // is drawn with it, whatever the video did meanwhile (it loops under a photo).
    const jumped = epoch !== this.epoch;
    if (this.closed || (jumped && !still)) return null;
    // A file's kept picture is older than the results already in (held-frames.ts): the filter
    // does not learn it, or it would take an old pose for the newest.
    const newest = this.facePose.newestMs;
    const behind = newest !== null && capturedMs < newest;
    const ms = performance.now() - start;
    this.facePose.apply(
      result,
      timeMs,
      mirror,
      still ? (jumped || behind ? 'still-before-jump' : 'still') : 'moving',
    );
    // Taken before `send` lets held frames waiting on this result pose the scene for themselves;
    // only a still picture's caller asks for it (trackNow).
    const posed = still ? posedNow(this.scene) : null;
    // The picker ignores a count it already has (a second result before the change lands).
    if (this.facePose.soughtFaces !== result.soughtFaces) {
      const change = this.link.remote
        .setFaceCount(this.facePose.soughtFaces)
        .catch((error: unknown) => {
          console.warn('face count not changed', error);
        })
        .finally(() => {
          if (this.faceCount === change) this.faceCount = null;
        });
      this.faceCount = change;
    }
    // The scheduler and the audit time the frames since the jump only.
    if (jumped) return posed;
    this.scheduler.tracked(timeMs, ms);
    this.fresh = ms;
    this.compare(timeMs);
    return posed;
  }

  private remember(timeMs: number): void {
    if (!__TEST_HOOKS__) return;
    const slot = this.drawn[this.next]!;
    this.next = (this.next + 1) % DRAWN_HISTORY;
    slot.timeMs = timeMs;
    slot.shown = this.scene.anchor.visible;
    slot.pose.copy(this.scene.anchor.matrix);
    const { awaiting } = this;
    if (awaiting.timeMs !== timeMs || !slot.shown || !this.audit) return;
    awaiting.timeMs = -1;
    const { width, height } = this.scene.size;
    this.audit.record(slot.pose, awaiting.raw, awaiting.smoothed, this.scene.camera, width, height);
  }

  /** The pose drawn for the frame at `timeMs` against the one its own result gives. */
  private compare(timeMs: number): void {
    if (!__TEST_HOOKS__ || !this.audit) return;
    const drawn = this.drawn.find((d) => d.timeMs === timeMs);
    const { anchor, camera } = this.scene;
    if (!anchor.visible) return;
    if (!drawn) {
      // Held (a file): compared when it is drawn (remember).
      this.awaiting.timeMs = timeMs;
      this.awaiting.raw.copy(this.facePose.raw);
      this.awaiting.smoothed.copy(anchor.matrix);
      return;
    }
    if (!drawn.shown) return;
    const { width, height } = this.scene.size;
    this.audit.record(drawn.pose, this.facePose.raw, anchor.matrix, camera, width, height);
  }

  reset(): void {
    this.epoch++;
    this.fresh = null;
    this.scheduler.reset();
  }

  trackNext(): void {
    this.scheduler.reset();
  }

  close(): void {
    this.epoch++;
    this.closed = true;
    this.link.close();
  }
}
