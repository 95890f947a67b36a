// A still picture (a photo, a paused or kept frame) is tracked in IMAGE mode, its face sought
// afresh, not where VIDEO mode last saw it (a looping file's last frame was looked for where the
// face is after the loop); the tracker is back in VIDEO mode before any moving frame.
// The first tracker is made before WebGL is asked what it is, unless a GPU was remembered: the
// render worker makes its own first context meanwhile (workers/README.md).
import { beforeEach, expect, it, vi } from 'vitest';
import type { Delegate } from '../../src/shared/try-on-types';
import type { GlKind } from '../../workers/common/software-gl';
import { DelegatePicker } from '../../workers/tracking/delegate-picker';

const calls: string[] = [];
/** What the picker did, in order: trackers made and WebGL asked. */
const steps: string[] = [];
/** Whether a GPU tracker fails to be made here. */
let gpuFails = false;
beforeEach(() => {
  steps.splice(0);
  gpuFails = false;
});
let mode = 'VIDEO';
const result = { faceLandmarks: [], faceBlendshapes: [], facialTransformationMatrixes: [] };
const fake = {
  setOptions: async (options: { runningMode?: string }) => {
    await Promise.resolve();
    if (options.runningMode) mode = options.runningMode;
    calls.push(`mode ${mode}`);
  },
  detect: () => {
    if (mode !== 'IMAGE') throw new Error('detect() needs IMAGE mode');
    calls.push('detect');
    return result;
  },
  detectForVideo: () => {
    if (mode !== 'VIDEO') throw new Error('detectForVideo() needs VIDEO mode');
    calls.push('detectForVideo');
    return result;
  },
  close: () => {},
};
vi.mock('../../workers/tracking/tracker', () => ({
  createTracker: (_source: unknown, delegate: Delegate) => {
    steps.push(`make ${delegate}`);
    if (gpuFails && delegate === 'GPU') return Promise.reject(new Error('no GPU delegate'));
    return Promise.resolve(fake);
  },
  warmUpTracker: () => {},
}));

const model = { modelBytes: new Uint8Array(), wasmLoaderUrl: '', wasmBinaryUrl: '' };
const gl = (software: boolean) => (): GlKind => {
  steps.push('ask WebGL');
  return { software, swiftShader: software };
};

it('tracks a still picture in IMAGE mode, and moving frames after it in VIDEO mode', async () => {
  // Not SwiftShader: frames go to the tracker as they are (frame-upload.ts).
  const picker = await DelegatePicker.start({ ...model, forced: 'CPU' }, () => {}, gl(false));
  const frame = {} as VideoFrame;
  const still = picker.detectStill(frame);
  // A moving frame sent meanwhile waits for the tracker to be back in VIDEO mode (track.worker.ts).
  const moving = picker.ready.then(() => picker.detect(frame, 1));
  await Promise.all([still, moving]);
  expect(calls).toEqual(['mode IMAGE', 'detect', 'mode VIDEO', 'detectForVideo']);
});

it.each([
  // [forced, remembered, software GL, GPU fails] → steps, verdict (null: the trial runs)
  [undefined, undefined, true, false, ['make CPU', 'ask WebGL'], 'CPU'],
  [undefined, undefined, false, false, ['make CPU', 'ask WebGL'], null],
  [undefined, 'CPU', false, false, ['make CPU', 'ask WebGL'], 'CPU'],
  [undefined, 'GPU', false, false, ['ask WebGL', 'make GPU'], 'GPU'],
  [undefined, 'GPU', true, false, ['ask WebGL', 'make CPU'], 'CPU'],
  [undefined, 'GPU', false, true, ['ask WebGL', 'make GPU', 'make CPU'], 'CPU'],
  ['GPU', undefined, true, false, ['make GPU', 'ask WebGL'], 'GPU'],
  ['GPU', undefined, false, true, ['make GPU', 'make CPU', 'ask WebGL'], 'CPU'],
] as const)(
  'forced %s, remembered %s, software GL %s, GPU fails %s: %j, decided %s',
  async (forced, remembered, software, fails, expected, verdict) => {
    gpuFails = fails;
    const decided = vi.fn();
    const source = {
      ...model,
      ...(forced ? { forced } : {}),
      ...(remembered ? { remembered } : {}),
    };
    const picker = await DelegatePicker.start(source, decided, gl(software));
    expect(steps).toEqual(expected);
    expect(decided.mock.calls).toEqual(verdict ? [[verdict]] : []);
    expect(picker.delegate).toBe(verdict ?? 'pending');
  },
);
