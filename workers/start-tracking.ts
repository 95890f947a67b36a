import type { Delegate, EngineInit } from '../src/shared/try-on-types';
import { DelegatePicker } from './delegate-picker';
import type { FacePose } from './face-pose';
import { InlineTracking, type Tracking } from './frame-tracking';
import { RemoteTracking } from './remote-tracking';
import type { TryOnScene } from './scene';
import { TrackAudit } from './track-audit';
import { TrackScheduler } from './track-scheduler';
import type { TrackerSource } from './tracker';

/**
 * In the render worker, tracking gets a worker of its own (remote-tracking.ts). On the page
 * (the fallback for engines whose workers cannot draw, where MediaPipe would not get WebGL in a
 * worker either) it runs between frames on the drawing thread.
 */
export async function startTracking(
  source: TrackerSource,
  init: EngineInit,
  force: Delegate | undefined,
  parts: { facePose: FacePose; scene: TryOnScene },
  onDecided: (delegate: Delegate) => void,
): Promise<{ tracking: Tracking; audit: TrackAudit | null }> {
  const scheduler = new TrackScheduler(init.trackMode);
  // Only a worker's global scope has importScripts (the page fallback runs on the page).
  const inRenderWorker = 'importScripts' in globalThis && typeof Worker === 'function';
  if (inRenderWorker && !init.trackInline) {
    const remote = await RemoteTracking.start(
      source,
      init.allowedOrigins,
      force,
      { ...parts, scheduler },
      onDecided,
    );
    return { tracking: remote, audit: remote.audit };
  }
  const picker = await DelegatePicker.start(source, onDecided, force);
  const audit = scheduler.mode === 'audit' ? new TrackAudit() : null;
  const tracking = new InlineTracking(picker, scheduler, parts.facePose, parts.scene, audit);
  return { tracking, audit };
}
