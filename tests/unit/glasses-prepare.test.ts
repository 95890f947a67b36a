// A model made ready to wear (workers/render/scene-content.ts, prepareGlasses): everything its
// first frame draws is compiled and linked before it is worn, the parts dressing adds included.
import { Group, Mesh, Object3D, PerspectiveCamera, Scene, type WebGLRenderer } from 'three';
import { describe, expect, it, vi } from 'vitest';
import type { TryOnScene } from '../../workers/render/scene';
import { prepareGlasses } from '../../workers/render/scene-content';

vi.mock('../../workers/assets/glasses-loader', () => ({
  loadGlasses: async () => ({ object: new Group(), report: {} }),
}));

/**
 * A scene whose dressing adds a part (as the contact shadow is), and whose renderer notes what
 * it was asked to compile: the parts present then, and whether the call came at all.
 */
function sceneNoting(compiled: string[][]): TryOnScene {
  const renderer = {
    info: { programs: [] },
    extensions: { has: () => true },
    compileAsync: async (object: Object3D) => {
      compiled.push(object.children.map((child) => child.name));
    },
  } as unknown as WebGLRenderer;
  return {
    renderer,
    camera: new PerspectiveCamera(),
    scene: new Scene(),
    slowLinks: false,
    withCheekGap: (_object: Object3D, report: unknown) => report,
    dress: (object: Object3D) => {
      const part = new Mesh();
      part.name = 'dressed';
      object.add(part);
    },
  } as unknown as TryOnScene;
}

describe('a model made ready to wear', () => {
  it('is dressed before its programs compile, so that its first frame compiles none', async () => {
    const compiled: string[][] = [];
    const input = { id: 'a', glb: new ArrayBuffer(0) };
    const { object } = await prepareGlasses(sceneNoting(compiled), input, 'pending', () => true);
    expect(compiled).toEqual([['dressed']]);
    expect(object.getObjectByName('dressed')).toBeDefined();
  });

  it('compiles nothing once a newer model was asked for', async () => {
    const compiled: string[][] = [];
    const input = { id: 'a', glb: new ArrayBuffer(0) };
    await prepareGlasses(sceneNoting(compiled), input, 'pending', () => false);
    expect(compiled).toEqual([]);
  });
});
