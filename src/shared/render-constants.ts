/**
 * Rendering and tracking constants from docs/behaviour.md (§3, §9): picture size, camera,
 * faces tracked, the default glass. One source of truth for the page, the worker and the tests.
 */

/** Rendering size 640x480 at pixel ratio 1 (used until the video reports its own size). */
export const RENDER_WIDTH = 640;
export const RENDER_HEIGHT = 480;
export const RENDER_PIXEL_RATIO = 1;

/**
 * Camera vertical field of view, degrees. The original used 60 (docs/behaviour.md §9), but
 * MediaPipe's face geometry solves the pose for a 63° virtual camera: measured on the shared
 * videos, the nose bridge lands 4.0/6.2 px from the tracked landmark at 63° against 6.8/8.8 px
 * at 60°.
 */
export const CAMERA_FOV = 63;
export const CAMERA_NEAR = 1;
export const CAMERA_FAR = 2000;

/**
 * Faces tracked at once, at most. The original tracked one (docs/behaviour.md): with two people
 * in the picture, a lost track then re-detected whichever face scored higher and the glasses
 * jumped between them. Tracking two lets workers/tracking/face-lock.ts keep the glasses on their face;
 * workers/tracking/face-count.ts seeks one only while a face is alone (two cost ~20 % more per detection).
 */
export const NUM_FACES = 2;

/** Default glasses material (docs/behaviour.md §3), MeshPhysicalMaterial parameters. */
export const DEFAULT_GLASS_MATERIAL = {
  color: '#ffffff',
  metalness: 0,
  roughness: 0.1,
  transmission: 1,
  opacity: 1,
  transparent: true,
  ior: 1.5,
  thickness: 0,
  attenuationDistance: 0.7,
  specularIntensity: 2,
  envMapIntensity: 1,
  clearcoat: 0.2,
  clearcoatRoughness: 0.05,
  dispersion: 0.5,
  emissiveIntensity: 0,
} as const;

/**
 * 全部试戴: every picture of the grid (and of the comparison, at the same crop and scale) is this
 * size, cropped about the eyes, TRY_ALL_EYE_SPANS eye spans wide: a front (about 2.2 spans) with
 * room beside it. The eyes sit TRY_ALL_EYE_LINE of the way down (the glasses hang below them).
 */
export const TRY_ALL_WIDTH = 480;
export const TRY_ALL_HEIGHT = 360;
export const TRY_ALL_EYE_SPANS = 3.2;
export const TRY_ALL_EYE_LINE = 0.45;
/** JPEG quality of those pictures (a tenth of a PNG's bytes; the collage is made from them). */
export const TRY_ALL_JPEG_QUALITY = 0.9;
