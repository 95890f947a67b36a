import { isSoftwareGl, isSwiftShader } from '../../src/shared/gl-renderer';
import { glCanvas } from './surface';

/**
 * What WebGL here is; both false where there is no WebGL 2. `software`: it runs on the CPU
 * (antialiasing is fixed at creation), where the GPU delegate cannot win and MSAA costs a third
 * of each drawn frame. `swiftShader`: it is Chromium's SwiftShader, where a frame is cheaper
 * uploaded from a 2D canvas (render/frame-upload.ts).
 */
export interface GlKind {
  software: boolean;
  swiftShader: boolean;
}

let known: GlKind | undefined;

/**
 * Asks a throwaway 1×1 context, once a thread: the render worker before its real context is made,
 * the tracking worker once its CPU tracker is made (before it, where a GPU was remembered); on the
 * page path the engine and its tracking share the page's one answer.
 */
export function probeGl(): GlKind {
  known ??= askGl();
  return known;
}

function askGl(): GlKind {
  const gl = glCanvas(1, 1).getContext('webgl2') as WebGL2RenderingContext | null;
  if (!gl) return { software: false, swiftShader: false };
  const answer = { software: isSoftwareGl(gl), swiftShader: isSwiftShader(gl) };
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return answer;
}
