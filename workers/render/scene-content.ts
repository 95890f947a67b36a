import type { GlassesReport } from '../../src/shared/glasses-types';
import type { GlassesInput, LensQuality } from '../../src/shared/try-on-types';
import { decodeCube, encodeCube, pictureDigest } from './env-cube-codec';
import { bitmapPixels, ENV_CUBE_SIZE, prefilterEquirect } from './env-prefilter';
import { loadGlasses, type LoadedGlasses } from '../assets/glasses-loader';
import { canvasImage } from '../common/surface';
import { applyLensQuality } from './lens-quality';
import { disposeTree, type TryOnScene } from './scene';
import { compileAndLink } from './shader-links';

/**
 * The glasses slot of the scene. Loads take a while and may overlap: the glasses change only
 * once a model has loaded, and only if no later call (another model, or clearing) came in
 * meanwhile: the newest request wins.
 */
export class GlassesSlot {
  private ticket = 0;

  constructor(private readonly scene: TryOnScene) {}

  /** Parses and fits the model; `worn` says whether it went on (a newer request may have won). */
  async set(
    input: GlassesInput,
    quality: LensQuality | 'pending',
  ): Promise<{ report: GlassesReport; worn: boolean }> {
    const ticket = ++this.ticket;
    // The frames go on meanwhile, with the glasses worn so far.
    const { object, report } = await prepareGlasses(
      this.scene,
      input,
      quality,
      () => ticket === this.ticket,
    );
    if (ticket !== this.ticket) {
      disposeTree(object);
      return { report, worn: false };
    }
    this.scene.setGlasses(object, report);
    return { report, worn: true };
  }

  /** The newest load will be dropped when it ends; the glasses worn now stay. */
  abandon(): void {
    this.ticket++;
  }

  clear(): void {
    this.ticket++;
    this.scene.setGlasses(null);
  }
}

/**
 * Parses and fits a model in the scene's lens quality. When `linkFirst()` says so (once parsed),
 * its programs are made ready to draw: shaders compile off the drawing path where the GPU can
 * (KHR_parallel_shader_compile), and are left to link where it cannot say when (shader-links.ts),
 * instead of stalling the first frame that shows the glasses.
 */
export async function prepareGlasses(
  scene: TryOnScene,
  input: GlassesInput,
  quality: LensQuality | 'pending',
  linkFirst: () => boolean,
): Promise<LoadedGlasses> {
  const loaded = await loadGlasses(input.glb, {
    materials: input.materials,
    offsets: input.offsets,
    fit: input.fit,
    frameSize: input.frameSize,
    renderer: scene.renderer,
  });
  const report = scene.withCheekGap(loaded.object, loaded.report);
  if (quality !== 'pending') applyLensQuality(loaded.object, quality);
  // Dressed before linking (lit by the room, its contact shadow made): the room's programs and
  // the shadow's link with the frame's, not at the first frame that shows the glasses.
  scene.dress(loaded.object);
  if (linkFirst()) {
    const { renderer, camera, slowLinks } = scene;
    await compileAndLink(renderer, loaded.object, camera, scene.scene, slowLinks);
  }
  return { object: loaded.object, report };
}

/**
 * Where the lens probe found a slow GPU, the environment is prefiltered on the CPU (~3 s of
 * software-GL work saved at every start, see env-prefilter.ts); elsewhere three.js does it.
 * `stored` is the cube the page kept from an earlier start (env-cube-codec.ts): used when it was
 * made from this picture, else the cube is computed and its bytes returned for the page to keep.
 */
export async function loadEnvironment(
  scene: TryOnScene,
  image: Blob,
  onCpu: boolean,
  stored: ArrayBuffer | null,
): Promise<ArrayBuffer | null> {
  if (!onCpu) {
    // three uploads an ImageBitmap as it is, so its texture needs the flip.
    const bitmap = await createImageBitmap(image, { imageOrientation: 'flipY' });
    try {
      scene.setEnvironment(bitmap);
    } finally {
      bitmap.close();
    }
    return null;
  }
  const digest = await pictureDigest(image);
  const kept = stored && decodeCube(stored, digest, ENV_CUBE_SIZE);
  if (kept) {
    scene.setPrefilteredEnvironment(kept);
    return null;
  }
  const bitmap = await createImageBitmap(image);
  try {
    const levels = prefilterEquirect(bitmapPixels(bitmap));
    scene.setPrefilteredEnvironment(levels);
    return encodeCube(levels, digest);
  } finally {
    bitmap.close();
  }
}

/**
 * A PNG of `frame` as the preview shows it, at `scale` × the video size, with or without the
 * glasses; the preview is drawn back at its own size afterwards.
 */
export function capturePng(
  scene: TryOnScene,
  frame: VideoFrame,
  options: { scale: number; glasses: boolean; mirror: boolean },
): Promise<Blob> {
  const { width, height } = scene.size;
  const target = scene.currentGlasses;
  if (target) target.visible = options.glasses;
  // Everything up to convertToBlob happens in this task, so no frame can slip in between.
  try {
    scene.resize(frame.displayWidth * options.scale, frame.displayHeight * options.scale);
    scene.setMirror(options.mirror);
    return canvasImage(scene.renderStill(frame));
  } finally {
    if (target) target.visible = scene.glassesShown;
    scene.resize(width, height);
    scene.render(frame);
  }
}
