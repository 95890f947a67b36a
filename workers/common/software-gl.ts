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
 * What WebGL here is, asked once at an engine's start. `software`: it runs on the CPU
 * (antialiasing is fixed at creation), where the GPU delegate cannot win and MSAA costs a third of
 * each drawn frame. `swiftShader`: it is Chromium's SwiftShader, where a frame is cheaper uploaded
 * from a 2D canvas (render/frame-upload.ts).
 */
export const probeGl = (): { software: boolean; swiftShader: boolean } =>
  askGl((gl) => ({ software: isSoftwareGl(gl), swiftShader: isSwiftShader(gl) }), {
    software: false,
    swiftShader: false,
  });
