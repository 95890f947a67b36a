import { isSoftwareGl } from '../../src/shared/gl-renderer';
import { glCanvas } from './surface';

/**
 * Whether WebGL here runs on the CPU, asked of a throwaway 1×1 context before the real one is
 * made (antialiasing is fixed at creation). There the GPU delegate cannot win, and MSAA costs a
 * third of each drawn frame.
 */
export function probeSoftwareGl(): boolean {
  const gl = glCanvas(1, 1).getContext('webgl2') as WebGL2RenderingContext | null;
  if (!gl) return false;
  const software = isSoftwareGl(gl);
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return software;
}
