/**
 * The tracking worker: FaceLandmarker alone, started by the render worker (remote-tracking.ts),
 * so that detections run beside the drawing instead of between two drawn frames.
 */
import * as Comlink from 'comlink';
import { holdAliveLock } from '../src/shared/alive-lock';
import type { Delegate } from '../src/shared/try-on-types';
import { DelegatePicker } from './tracking/delegate-picker';
import { installFetchGuard } from './assets/fetch-guard';
import type { TrackResult } from './common/track-result';
import type { TrackerSource } from './tracking/tracker';

let picker: DelegatePicker | null = null;

const api = {
  /** Holds the lock named `name` for the worker's life: the render worker learns of its death. */
  alive(name: string): Promise<boolean> {
    return holdAliveLock(name);
  },
  /** `onDecided` hears which delegate won the trial (at once when none is tried). */
  async init(
    source: TrackerSource,
    allowedOrigins: readonly string[],
    onDecided: (delegate: Delegate) => void,
  ): Promise<void> {
    installFetchGuard(allowedOrigins);
    picker = await DelegatePicker.start(source, onDecided);
  },
  /** One detection on a plain picture before the first frame (tracker.ts warmUpTracker). */
  warmUp(timestampMs: number): void {
    picker?.warmUp(timestampMs);
  },
  /** Tracks `frame` (taken over: closed here), one call at a time. */
  async detect(frame: VideoFrame, timestampMs: number): Promise<TrackResult> {
    try {
      if (!picker) throw new Error('tracker not initialised');
      await picker.ready;
      return picker.detect(frame, timestampMs);
    } finally {
      frame.close();
    }
  },
  /** Tracks a picture that stands on its own, afresh (DelegatePicker.detectStill); closes it. */
  async detectStill(frame: VideoFrame): Promise<TrackResult> {
    try {
      if (!picker) throw new Error('tracker not initialised');
      return await picker.detectStill(frame);
    } finally {
      frame.close();
    }
  },
  /** How many faces to seek from the next detection on (face-count.ts). */
  async setFaceCount(faces: number): Promise<void> {
    await picker?.setFaceCount(faces);
  },
};

export type TrackWorkerApi = typeof api;

Comlink.expose(api);
