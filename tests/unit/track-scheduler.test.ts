import { describe, expect, it } from 'vitest';
import {
  STILL_SPEED_CM_S,
  STILL_TRACK_INTERVAL_MS,
  TrackScheduler,
} from '../../workers/tracking/track-scheduler';

const still = { speedCmS: 0.2, spinRadS: 0.01 };
const moving = { speedCmS: STILL_SPEED_CM_S * 3, spinRadS: 0.01 };

/** Which of 30 frames at 30 fps get tracked for a given motion. */
function trackedFrames(
  scheduler: TrackScheduler,
  motion: typeof still | null,
  detectMs = 0,
): number[] {
  const tracked: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = 1000 + (i * 1000) / 30;
    if (!scheduler.due(t, motion)) continue;
    scheduler.tracked(t, detectMs);
    tracked.push(i);
  }
  return tracked;
}

describe('TrackScheduler', () => {
  it('tracks a still face ~10 times a second and a moving one on every frame', () => {
    const stillTracks = trackedFrames(new TrackScheduler(), still);
    expect(stillTracks.length).toBe(10);
    for (let i = 1; i < stillTracks.length; i++) {
      expect((stillTracks[i]! - stillTracks[i - 1]!) * (1000 / 30)).toBeGreaterThanOrEqual(
        STILL_TRACK_INTERVAL_MS,
      );
    }
    expect(trackedFrames(new TrackScheduler(), moving)).toHaveLength(30);
  });

  it("leaves a slow model's own time for drawing between detections of a moving face", () => {
    // 50 ms detections at 30 fps: every other frame is tracked, the ones between are drawn.
    expect(trackedFrames(new TrackScheduler(), moving, 50)).toHaveLength(15);
    expect(trackedFrames(new TrackScheduler('every'), moving, 50)).toHaveLength(30);
  });

  it('looks for a face on every frame while none is known, and in every-frame mode', () => {
    expect(trackedFrames(new TrackScheduler(), null)).toHaveLength(30);
    expect(trackedFrames(new TrackScheduler('every'), still)).toHaveLength(30);
  });

  it('tracks the first frame after a reset (a seek or a new source)', () => {
    const scheduler = new TrackScheduler();
    expect(scheduler.due(0, still)).toBe(true);
    scheduler.tracked(0);
    expect(scheduler.due(10, still)).toBe(false);
    scheduler.reset();
    expect(scheduler.due(20, still)).toBe(true);
  });
});
