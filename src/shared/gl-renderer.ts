/** Renderer names of GL done on the CPU (Chromium's SwiftShader, Mesa's llvmpipe/softpipe). */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software/i;

/**
 * Whether this WebGL context draws on the CPU, by the renderer's name (unmasked where the browser
 * tells it). The page asks it to choose the engine's path, the worker to leave out what cannot win
 * there (the GPU delegate, MSAA).
 */
export function isSoftwareGl(gl: WebGLRenderingContext | WebGL2RenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return SOFTWARE.test(name);
}
