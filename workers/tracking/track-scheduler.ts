import type { TrackMode } from '../../src/shared/try-on-types';
import type { Motion } from '../common/pose-filter';

/** A still face is tracked this often (~10 Hz); a moving one as often as the model's pace allows. */
export const STILL_TRACK_INTERVAL_MS = 100;
/**
 * Below these speeds the face counts as still: 100 ms of drift at 2 cm/s is ~2 mm (about 2 px at
 * arm's length, before prediction takes most of it away); 0.1 rad/s moves a temple tip ~1 mm.
 */
export const STILL_SPEED_CM_S = 2;
export const STILL_SPIN_RAD_S = 0.1;

/**
 * Decides which frames the model sees. Every frame is drawn; a frame is tracked when no face is
 * known, when the last tracking is STILL_TRACK_INTERVAL_MS old, or when the face moves and the
 * last detection's own duration has passed since it (so a slow model leaves this thread as much
 * time for drawing as it took: on SwiftShader that draws 14.1 frames a second against 10.6 when
 * every moving frame is tracked; tests/unit/track-scheduler.test.ts guards it, "leaves a slow
 * model's own time for drawing between detections of a moving face"). The engine's thread runs
 * one detection at a time, so detections never overlap; the frame pump keeps the newest frame
 * waiting, so none is queued behind a stale one.
 */
export class TrackScheduler {
  private lastTrackMs = -Infinity;
  private lastDetectMs = 0;

  constructor(readonly mode: TrackMode = 'adaptive') {}

  /** Whether the frame at `timeMs` is tracked; `motion` is null while no face is known. */
  due(timeMs: number, motion: Motion | null): boolean {
    if (this.mode === 'every' || motion === null) return true;
    const since = timeMs - this.lastTrackMs;
    if (since >= STILL_TRACK_INTERVAL_MS) return true;
    const moving = motion.speedCmS > STILL_SPEED_CM_S || motion.spinRadS > STILL_SPIN_RAD_S;
    return moving && since >= this.lastDetectMs;
  }

  tracked(timeMs: number, detectMs = 0): void {
    this.lastTrackMs = timeMs;
    this.lastDetectMs = detectMs;
  }

  /** A jump in the video (seek, loop, new source): track the next frame whatever it shows. */
  reset(): void {
    this.lastTrackMs = -Infinity;
  }
}
