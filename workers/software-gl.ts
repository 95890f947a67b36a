import type { WebGLRenderer } from 'three';

/** Renderer names of GL done on the CPU (Chromium's SwiftShader, Mesa's llvmpipe/softpipe). */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software/i;

/** Whether this renderer's WebGL runs on the CPU (where the GPU delegate cannot win). */
export function isSoftwareGl(renderer: WebGLRenderer): boolean {
  const gl = renderer.getContext();
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return SOFTWARE.test(name);
}
