import { Object3D, PerspectiveCamera, Scene, type WebGLRenderer } from 'three';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  compileAndLink,
  LINK_WAIT_MS_PER_PROGRAM,
  letProgramsLink,
  programCount,
  slowShaderLinks,
} from '../../workers/render/shader-links';

/** The two things of a renderer these rules read: its programs and its extensions. */
function renderer(programs: number, parallelCompile: boolean): WebGLRenderer {
  return {
    info: { programs: Array.from({ length: programs }) },
    extensions: {
      has: (name: string) => parallelCompile && name === 'KHR_parallel_shader_compile',
    },
  } as unknown as WebGLRenderer;
}

/** Resolves `promise` under fake timers; returns how many fake ms it took. */
async function fakeMsUntil(promise: Promise<void>): Promise<number> {
  let done = false;
  void promise.then(() => (done = true));
  let ms = 0;
  while (!done) {
    await vi.advanceTimersByTimeAsync(50);
    ms += 50;
  }
  return ms;
}

afterEach(() => vi.useRealTimers());

describe('shader links', () => {
  it('are slow only on software GL without parallel compiling', () => {
    expect(slowShaderLinks(renderer(0, false), true)).toBe(true);
    expect(slowShaderLinks(renderer(0, true), true)).toBe(false);
    expect(slowShaderLinks(renderer(0, false), false)).toBe(false);
  });

  it('waits for each program made since, where links are slow', async () => {
    vi.useFakeTimers();
    const gl = renderer(5, false);
    expect(await fakeMsUntil(letProgramsLink(gl, true, 3))).toBe(2 * LINK_WAIT_MS_PER_PROGRAM);
  });

  it('does not wait where nothing new was made, or links are quick', async () => {
    vi.useFakeTimers();
    expect(await fakeMsUntil(letProgramsLink(renderer(3, false), true, 3))).toBe(50);
    expect(await fakeMsUntil(letProgramsLink(renderer(5, true), false, 3))).toBe(50);
    expect(programCount({ info: { programs: null } } as unknown as WebGLRenderer)).toBe(0);
  });

  it('counts the programs compiling added, and waits for those alone', async () => {
    vi.useFakeTimers();
    const compiling = (added: number) => {
      const gl = renderer(4, false);
      const programs = gl.info.programs as unknown[];
      Object.assign(gl, { compileAsync: async () => void programs.push(...Array(added)) });
      return compileAndLink(gl, new Object3D(), new PerspectiveCamera(), new Scene(), true);
    };
    expect(await fakeMsUntil(compiling(2))).toBe(2 * LINK_WAIT_MS_PER_PROGRAM);
    expect(await fakeMsUntil(compiling(0))).toBe(50);
  });
});
