// A still picture (a photo, a paused or kept frame) is tracked in IMAGE mode, its face sought
// afresh, not where VIDEO mode last saw it (a looping file's last frame was looked for where the
// face is after the loop); the tracker is back in VIDEO mode before any moving frame.
import { expect, it, vi } from 'vitest';
import { DelegatePicker } from '../../workers/tracking/delegate-picker';

const calls: string[] = [];
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
  createTracker: () => Promise.resolve(fake),
  warmUpTracker: () => {},
}));

it('tracks a still picture in IMAGE mode, and moving frames after it in VIDEO mode', async () => {
  const source = {
    modelBytes: new Uint8Array(),
    wasmLoaderUrl: '',
    wasmBinaryUrl: '',
    // Not SwiftShader: frames go to the tracker as they are (frame-upload.ts).
    swiftShader: false,
  };
  const picker = await DelegatePicker.start(source, () => {}, 'CPU');
  const frame = {} as VideoFrame;
  const still = picker.detectStill(frame);
  // A moving frame sent meanwhile waits for the tracker to be back in VIDEO mode (track.worker.ts).
  const moving = picker.ready.then(() => picker.detect(frame, 1));
  await Promise.all([still, moving]);
  expect(calls).toEqual(['mode IMAGE', 'detect', 'mode VIDEO', 'detectForVideo']);
});
