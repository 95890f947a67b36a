import type { CapturePair, FrameResult } from '../shared/try-on-types';
import { statsSwitch } from './debug-switches';
import type { TryOnEngine } from './try-on-engine';

/**
 * In a tests' or bench's build (__TEST_HOOKS__) with `?stats`, the page exposes the real engine's
 * test hooks, so they can compare the composed picture with and without glasses from the same
 * video frame, or lose its WebGL context. A production build has none of this (dead code).
 */
export interface TryOnDebug {
  /** `averageSize`: the glasses at the average face's size instead of this face's. */
  capturePair(scale: number, averageSize?: boolean): Promise<CapturePair>;
  /** Counts the engines this page started (a restart after a crash adds one). */
  serial: number;
  /** Loses the engine's WebGL context, as a GPU reset would (fault injection). */
  loseContext(): Promise<void>;
  /** The last recording's pictures: encoded, and left out (encoder busy, same 1/30 s slot). */
  lastRecording?: { frames: number; dropped: number };
}

/** One finished frame as the bench reads it (ms). */
export interface FrameRecord {
  /** FrameResult.freshPose. */
  freshPose: boolean;
  detect: number;
  render: number;
  /** From the frame's capture to the engine's answer on the page. */
  latency: number;
  face: boolean;
  /** When the answer came (page clock): the gaps between answers are what the user saw stand. */
  at: number;
  /** The frame's capture time (epoch ms), the clock of `poseFrom`. */
  captured: number;
  /** FrameResult.poseFromMs: the capture time of the result the drawn pose rests on. */
  poseFrom: number | null;
}

declare global {
  interface Window {
    __tryOn?: TryOnDebug;
    __tryOnFrames?: FrameRecord[];
  }
}

/** Enough for minutes of frames; the bench reads and clears the log every window. */
const FRAME_LOG_LIMIT = 20_000;

/** With `?stats`: logs every finished frame's result for the bench (`window.__tryOnFrames`). */
export function frameLogger(): ((result: FrameResult, capturedAtMs: number) => void) | undefined {
  if (!__TEST_HOOKS__ || !statsSwitch()) return undefined;
  const log = (window.__tryOnFrames ??= []);
  // One record per drawn frame: a file's frames are drawn after their answer (FrameResult.drawn);
  // the answer's tracking goes with the last of them.
  return (result) => {
    const at = performance.now();
    result.drawn.forEach((drawn, i) => {
      const last = i === result.drawn.length - 1;
      if (log.length >= FRAME_LOG_LIMIT) log.shift();
      log.push({
        freshPose: last && result.freshPose,
        detect: last ? result.detectMs : 0,
        render: result.renderMs,
        latency: performance.timeOrigin + at - drawn.capturedAtMs,
        face: result.face,
        at,
        captured: drawn.capturedAtMs,
        poseFrom: drawn.poseFromMs,
      });
    });
  };
}

let engines = 0;

export function exposeDebugHandle(engine: TryOnEngine | null): void {
  if (!__TEST_HOOKS__ || !statsSwitch()) return;
  if (engine) {
    engines++;
    window.__tryOn = {
      capturePair: (scale, averageSize) => engine.testHooks.capturePair(scale, averageSize),
      loseContext: () => engine.testHooks.loseContext(),
      serial: engines,
    };
  } else delete window.__tryOn;
}

/** Keeps the last recording's picture counts on the handle (tests check every picture went in). */
export function noteRecording(frames: number, dropped: number): void {
  if (__TEST_HOOKS__ && window.__tryOn) window.__tryOn.lastRecording = { frames, dropped };
}
