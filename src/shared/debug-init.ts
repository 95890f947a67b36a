import type { Delegate, TrackMode } from './try-on-types';

/**
 * What only the tests' and the bench's builds (__TEST_HOOKS__) tell an engine, from their URL
 * switches (src/engine/debug-switches.ts) or their own workers (bench/pages/). A production build
 * neither sets it nor reads it: a worker reads it only under __TEST_HOOKS__, so the minifier drops
 * the reading.
 */
export interface DebugInit {
  /** `?delegate=`: skip the delegate trial, whatever the GL. */
  forceDelegate?: Delegate;
  /** `?track=every|audit`: the bench's references for the adaptive default. */
  trackMode?: TrackMode;
  /**
   * Track between frames on the drawing thread even in a worker (the bench's frame-by-frame
   * pipeline); by default a worker tracks beside the drawing, in a tracking worker of its own.
   */
  trackInline?: boolean;
  /** `?occluder=off`: the head occluder not drawn, so nothing hides the frames (the bench's reference). */
  headOccluder?: false;
  /** `?shadow=off`: no contact shadow under the frames (the bench's and tests' reference). */
  contactShadow?: false;
  /** `?light=off`: the frames lit by the studio alone, not the room (the bench's reference). */
  roomLight?: false;
  /** `?reflect=off`: reflections of the studio alone, not the room (the bench's reference). */
  roomReflect?: false;
}
