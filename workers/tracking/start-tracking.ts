import type { Delegate, EngineInit } from '../../src/shared/try-on-types';
import type { FrameLedger } from '../common/frame-ledger';
import { DelegatePicker } from './delegate-picker';
import type { FacePose } from './face-pose';
import { InlineTracking, type Tracking } from './frame-tracking';
import { RemoteTracking } from './remote-tracking';
import type { TryOnScene } from '../render/scene';
import { TrackAudit } from '../diagnostics/track-audit';
import { TrackScheduler } from './track-scheduler';
import { TrackWorkerLink } from './track-worker-link';
import type { TrackerSource } from './tracker';

export interface TrackingParts {
  facePose: FacePose;
  scene: TryOnScene;
  frames: FrameLedger;
}

/** A tracker started before the scene: joined to the scene's parts once they are built. */
export interface StartedTracker {
  attach(parts: TrackingParts): { tracking: Tracking; audit: TrackAudit | null };
}

/** A tracker on its way: `tracker` settles once it is made; `close` ends it, made or not. */
export interface TrackerOnItsWay {
  tracker: Promise<StartedTracker>;
  /** The scene could not be built: the tracker goes. */
  close(): void;
}

/**
 * In the render worker, tracking gets a worker of its own (remote-tracking.ts). On the page
 * (the fallback for engines whose workers cannot draw, where MediaPipe would not get WebGL in a
 * worker either) it runs between frames on the drawing thread. Resolves once the tracker is on
 * its way (a tracking worker has its start), with the tracker to come.
 */
export async function startTracking(
  source: TrackerSource,
  init: EngineInit,
  onDecided: (delegate: Delegate) => void,
): Promise<TrackerOnItsWay> {
  const debug = __TEST_HOOKS__ ? init.debug : undefined;
  const scheduler = new TrackScheduler(debug?.trackMode);
  // Only a worker's global scope has importScripts (the page fallback runs on the page).
  const inRenderWorker = 'importScripts' in globalThis && typeof Worker === 'function';
  if (inRenderWorker && !debug?.trackInline) {
    const { link, ready } = await TrackWorkerLink.start(source, init.allowedOrigins, onDecided);
    const tracker = ready.then(() => ({
      attach({ facePose, scene, frames }: TrackingParts) {
        const remote = new RemoteTracking(link, scheduler, facePose, scene, frames);
        return { tracking: remote, audit: remote.audit };
      },
    }));
    return { tracker, close: () => link.close() };
  }
  // On the page the detection runs on the page's own thread, where building the GPU graph and its
  // first detections hold everything for seconds (WebKitGTK: built in 10.7–12.1 s, first
  // detections 2.4–7.4 s, the engine restarted as stuck: tests/engines (c) under load), and
  // WebKit masks the renderer's name, so software GL is not seen there: the CPU tracks, untried,
  // and nothing is kept as a verdict (the worker path, if it works next time, measures its own).
  const onPage = !('importScripts' in globalThis);
  const picking = onPage
    ? DelegatePicker.start({ ...source, forced: debug?.forceDelegate ?? 'CPU' }, () => {})
    : DelegatePicker.start(source, onDecided);
  const tracker = picking.then((picker) => ({
    attach({ facePose, scene }: TrackingParts) {
      const audit = __TEST_HOOKS__ && scheduler.mode === 'audit' ? new TrackAudit() : null;
      return { tracking: new InlineTracking(picker, scheduler, facePose, scene, audit), audit };
    },
  }));
  const close = () => void picking.then((picker) => picker.close()).catch(() => {});
  return { tracker, close };
}
