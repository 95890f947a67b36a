import { FaceLandmarker, type FaceLandmarkerResult } from '@mediapipe/tasks-vision';
import { NUM_FACES } from '../../src/shared/render-constants';
import type { Delegate } from '../../src/shared/try-on-types';
import { glCanvas } from '../common/surface';

/** The model and runtime a FaceLandmarker is made from. */
export interface TrackerModel {
  modelBytes: Uint8Array;
  wasmLoaderUrl: string;
  wasmBinaryUrl: string;
}

/** What the tracking is started with: the model, and the delegate it may start on. */
export interface TrackerSource extends TrackerModel {
  /** A delegate named by the tests or by the page path: tracked on, untried. */
  forced?: Delegate;
  /** A visit's verdict (src/engine/engine-choices.ts): used untried, but a GPU on software GL. */
  remembered?: Delegate;
}

/**
 * One FaceLandmarker in VIDEO mode with its own 1x1 canvas (never three's WebGL context).
 * `blendshapes: false` only for the bench, to time what the expression model costs.
 */
export async function createTracker(
  source: TrackerModel,
  delegate: Delegate,
  numFaces = NUM_FACES,
  blendshapes = true,
): Promise<FaceLandmarker> {
  return FaceLandmarker.createFromOptions(
    {
      wasmLoaderPath: loaderUrlFor(source.wasmLoaderUrl, delegate),
      wasmBinaryPath: source.wasmBinaryUrl,
    },
    {
      baseOptions: { modelAssetBuffer: source.modelBytes, delegate },
      canvas: glCanvas(1, 1),
      runningMode: 'VIDEO',
      numFaces,
      // Lower than the 0.5 defaults: a tilted-back or half-turned head is still a face to dress
      // (webcam video: face on 0.897 of frames at 0.5, 0.955 at 0.3, 0.994 at 0.2/0.2).
      minFaceDetectionConfidence: 0.3,
      minFacePresenceConfidence: 0.2,
      minTrackingConfidence: 0.2,
      outputFaceBlendshapes: blendshapes,
      outputFacialTransformationMatrixes: true,
    },
  );
}

/** A picture size the detector sees the way it sees a camera's (it scales every input down). */
const WARM_UP_SIZE = 256;

/**
 * Runs the graph once on a plain picture, so that its one-off start-up work (buffers, the
 * inference back end's first run) is done before the first real frame instead of delaying it:
 * the camera's first detection takes 0.26–0.9 s cold, 0.21–0.3 s after this. `timestampMs` comes
 * from the pipeline's RisingClock like every frame's.
 */
export function warmUpTracker(tracker: FaceLandmarker, timestampMs: number): void {
  const canvas = new OffscreenCanvas(WARM_UP_SIZE, WARM_UP_SIZE);
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = '#808080';
  context.fillRect(0, 0, WARM_UP_SIZE, WARM_UP_SIZE);
  const frame = new VideoFrame(canvas, { timestamp: 0 });
  try {
    tracker.detectForVideo(frame, timestampMs);
  } finally {
    frame.close();
  }
}

/**
 * The loader is an ES module that sets `self.ModuleFactory` when it runs; a second import of the
 * same URL is served from the module map and never runs again, so each delegate gets its own URL.
 */
function loaderUrlFor(url: string, delegate: Delegate): string {
  if (delegate === 'CPU' || url.startsWith('blob:')) return url;
  const u = new URL(url);
  u.searchParams.set('delegate', delegate);
  return u.href;
}

export type { FaceLandmarker, FaceLandmarkerResult };
