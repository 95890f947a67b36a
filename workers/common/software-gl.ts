import { glCanvas } from './surface';

/** Renderer names of GL done on the CPU (Chromium's SwiftShader, Mesa's llvmpipe/softpipe). */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software/i;

/**
 * Whether WebGL here runs on the CPU, asked of a throwaway 1×1 context before the real one is
 * made (antialiasing is fixed at creation). There the GPU delegate cannot win, and MSAA costs a
 * third of each drawn frame.
 */
export function probeSoftwareGl(): boolean {
  const gl = glCanvas(1, 1).getContext('webgl2') as WebGL2RenderingContext | null;
  if (!gl) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return SOFTWARE.test(name);
}
