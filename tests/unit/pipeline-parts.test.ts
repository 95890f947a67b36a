// The render worker starts the tracking worker and waits until it runs and has its start before
// its own first WebGL context: a nested worker starts only while its parent's thread is free, and
// the context is the longest step of a start on software GL (workers/README.md).
import { expect, it, vi } from 'vitest';
import type { EngineInit } from '../../src/shared/try-on-types';

const steps = vi.hoisted((): string[] => []);
vi.mock('../../workers/tracking/start-tracking', () => ({
  startTracking: async () => {
    steps.push('tracking asked');
    // The tracking worker's answer that it runs comes in a later task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    steps.push('tracking on its way');
    const tracker = { attach: () => ({ tracking: {}, audit: null }) };
    return { tracker: Promise.resolve(tracker), close: () => {} };
  },
}));
vi.mock('../../workers/common/software-gl', () => ({
  probeGl: () => {
    steps.push('WebGL probed');
    return { software: true, swiftShader: true };
  },
}));
vi.mock('../../workers/render/scene', () => ({
  TryOnScene: class {
    roomLight = {};
    constructor() {
      steps.push('scene built');
    }
  },
}));
vi.mock('../../workers/render/scene-pose-sink', () => ({ scenePoseSink: () => ({}) }));
vi.mock('../../workers/tracking/face-pose', () => ({ FacePose: class {} }));
const { buildPipelineParts } = await import('../../workers/pipeline/pipeline-parts');

it('makes its first WebGL context once the tracking worker is on its way', async () => {
  const init = { modelBytes: new ArrayBuffer(4), allowedOrigins: [] } as unknown as EngineInit;
  await buildPipelineParts(init, {} as OffscreenCanvas, () => {});
  expect(steps).toEqual(['tracking asked', 'tracking on its way', 'WebGL probed', 'scene built']);
});
