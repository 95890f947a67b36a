/** Renderer names of GL done on the CPU (Chromium's SwiftShader, Mesa's llvmpipe/softpipe). */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software/i;

/**
 * Whether this WebGL context draws on the CPU, by the renderer's name (unmasked where the browser
 * tells it). The page asks it to choose the engine's path, the worker to leave out what cannot win
 * there (the GPU delegate, MSAA).
 */
export function isSoftwareGl(gl: WebGLRenderingContext | WebGL2RenderingContext): boolean {
  return SOFTWARE.test(rendererName(gl));
}

/** Whether this context is Chromium's software GL (where a frame's upload is costly). */
export function isSwiftShader(gl: WebGLRenderingContext | WebGL2RenderingContext): boolean {
  return /swiftshader/i.test(rendererName(gl));
}

function rendererName(gl: WebGLRenderingContext | WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
}
