// Where the room's light is read (workers/render/room-light.ts): below each eye and over the
// face, whichever way the head rolls and whichever eye the tracker names first.
import type { WebGLRenderer, WebGLRenderTarget } from 'three';
import { describe, expect, it } from 'vitest';
import { MAP_SIZE } from '../../workers/render/room-map';
import {
  eyesInDrawing,
  probePatches,
  PROBE_CELLS,
  RoomLight,
} from '../../workers/render/room-light';

const xy = (v: { x: number; y: number }) => [v.x, v.y];

describe('probePatches', () => {
  it('reads the cheeks half an eye span below each eye, the face below their midpoint', () => {
    // Eyes 20 px apart on a 100 × 100 drawing, level; y from the top, patches from the bottom.
    const [left, right, face, all] = probePatches([0.4, 0.5, 0.6, 0.5], 100, 100);
    expect(xy(left)).toEqual([0.4, 0.4]);
    expect(xy(right)).toEqual([0.6, 0.4]);
    expect(left.z).toBeCloseTo(0.04, 9);
    expect(xy(face)).toEqual([0.5, 0.43]);
    expect([all.x, all.y, all.z, all.w]).toEqual([0.5, 0.5, 0.5, 0.5]);
  });

  it('keeps the picture-left patch under the picture-left eye when the right is named first', () => {
    const [left, right] = probePatches([0.6, 0.5, 0.4, 0.5], 100, 100);
    expect(left.x).toBeCloseTo(0.4, 9);
    expect(right.x).toBeCloseTo(0.6, 9);
  });

  it('follows a rolled head: below the eyes along the face, not the picture', () => {
    // The head rolled 90° clockwise in the picture: the eye line runs down it, the chin is to the
    // left. (0.5, 0.3) then (0.5, 0.5) from the top: in GL terms y 70 and 50, 20 px apart.
    const [a, b] = probePatches([0.5, 0.3, 0.5, 0.5], 100, 100);
    // The "left" eye is the one further left, or on a tie the first: the chin is 10 px aside.
    for (const p of [a, b]) expect(Math.abs(p.x - 0.5)).toBeCloseTo(0.1, 9);
    expect(a.x).toBeCloseTo(b.x, 9);
  });

  it("gives the frame's shader the picture-left eye first, as a mirrored picture's are not", () => {
    // A front camera's eyes, mirrored: the tracker's first eye is on the picture's right.
    const [left, right] = eyesInDrawing([0.6, 0.5, 0.4, 0.5], 100, 100);
    expect([left.x, right.x]).toEqual([40, 60]);
  });
});

describe('RoomLight', () => {
  it('compiles both its passes when made, each for its own target, not at the first face', () => {
    let current: WebGLRenderTarget | null = null;
    const compiledFor: (number[] | null)[] = [];
    const renderer = {
      extensions: { has: () => false },
      getContext: () => ({ isContextLost: () => false }),
      autoClear: true,
      getRenderTarget: () => current,
      setRenderTarget: (target: WebGLRenderTarget | null) => void (current = target),
      compile: () => void compiledFor.push(current && [current.width, current.height]),
    } as unknown as WebGLRenderer;
    new RoomLight(renderer);
    expect(compiledFor).toEqual([[PROBE_CELLS, 1], [...MAP_SIZE]]);
    expect([current, renderer.autoClear]).toEqual([null, true]);
  });
});
