import { isSoftwareGl, isSwiftShader } from '../../src/shared/gl-renderer';
import { glCanvas } from './surface';

/** Asks a throwaway 1×1 context before the real one is made; `none` where there is no WebGL 2. */
function askGl<T>(question: (gl: WebGL2RenderingContext) => T, none: T): T {
  const gl = glCanvas(1, 1).getContext('webgl2') as WebGL2RenderingContext | null;
  if (!gl) return none;
  const answer = question(gl);
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return answer;
}

/**
 * Whether WebGL here runs on the CPU (antialiasing is fixed at creation). There the GPU delegate
 * cannot win, and MSAA costs a third of each drawn frame.
 */
export const probeSoftwareGl = (): boolean => askGl(isSoftwareGl, false);

/** Whether WebGL here is SwiftShader, where a frame is cheaper uploaded from a 2D canvas. */
export const probeSwiftShader = (): boolean => askGl(isSwiftShader, false);
