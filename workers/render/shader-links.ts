import type { Camera, Object3D, Scene, WebGLRenderer } from 'three';

/**
 * How long newly compiled programs are left to link before anything draws with them, per program,
 * where that is needed (see `slowShaderLinks`). On 2 cores with SwiftShader the first glasses
 * make two programs (and their contact shadow a third); the first draw with the two took 747 ms,
 * the picture standing still that long; drawing the frames without them for 0.8 s first leaves
 * 485–661 ms of that draw, for 1.5 s 54 ms. tests/unit/shader-links.test.ts guards the wait
 * ('waits for each program made since, where links are slow').
 */
export const LINK_WAIT_MS_PER_PROGRAM = 750;

/**
 * Whether a new program's first draw would stall this context. Without
 * KHR_parallel_shader_compile three's compileAsync cannot tell when a link ends (it resolves at
 * once) while ANGLE still links on its own threads, and any draw with the program, or any question
 * about it, waits for that link on the GPU thread. Only software GL links slowly enough to matter.
 */
export function slowShaderLinks(renderer: WebGLRenderer, softwareGl: boolean): boolean {
  return softwareGl && !renderer.extensions.has('KHR_parallel_shader_compile');
}

/**
 * Compiles the programs `object` is drawn with (into the renderer's current target, lit as in
 * `scene`) now, so that its first drawing does not: on software GL that stands the picture still.
 * A lost context compiles nothing: three's compile throws there, where its render returns.
 */
export function compileAhead(
  renderer: WebGLRenderer,
  object: Object3D,
  camera: Camera,
  scene?: Scene,
): void {
  if (!renderer.getContext().isContextLost()) renderer.compile(object, camera, scene);
}

export const programCount = (renderer: WebGLRenderer): number =>
  renderer.info.programs?.length ?? 0;

/** Waits while the programs made since `before` link, when links are slow here; else returns. */
export async function letProgramsLink(
  renderer: WebGLRenderer,
  slow: boolean,
  before: number,
): Promise<void> {
  const added = programCount(renderer) - before;
  if (!slow || added <= 0) return;
  await new Promise((resolve) => setTimeout(resolve, added * LINK_WAIT_MS_PER_PROGRAM));
}

/**
 * Compiles the programs `object` needs in `scene` off the drawing path where the GPU can
 * (KHR_parallel_shader_compile), and where links are slow here (`slow`), waits while the new
 * ones link.
 */
export async function compileAndLink(
  renderer: WebGLRenderer,
  object: Object3D,
  camera: Camera,
  scene: Scene,
  slow: boolean,
): Promise<void> {
  const before = programCount(renderer);
  await renderer.compileAsync(object, camera, scene).catch(() => {});
  await letProgramsLink(renderer, slow, before);
}
