/**
 * Business constants from the spec (../shared/spec/original-app.md §9), one source of truth
 * for the main thread, the worker, the scripts and the tests. Names follow the spec.
 */

/** Video file maximum: 50 MB. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;

/** Rendering size 640x480 at pixel ratio 1 (used until the video reports its own size). */
export const RENDER_WIDTH = 640;
export const RENDER_HEIGHT = 480;
export const RENDER_PIXEL_RATIO = 1;

/** Canvas display width: 95% of the window width. */
export const VIEW_WIDTH_FRACTION = 0.95;

/**
 * Camera vertical field of view, degrees. The spec's original used 60, but MediaPipe's face
 * geometry solves the pose for a 63° virtual camera: measured on the shared videos, the nose
 * bridge lands 4.0/6.2 px from the tracked landmark at 63° against 6.8/8.8 px at 60°.
 */
export const CAMERA_FOV = 63;
export const CAMERA_NEAR = 1;
export const CAMERA_FAR = 2000;

/** One face tracked at a time. */
export const NUM_FACES = 1;

/** Recording: 30 fps capture, output at 2x the video resolution. */
export const RECORD_FPS = 30;
export const CAPTURE_SCALE = 2;
export const PHOTO_FILE_NAME = 'merged-screenshot.png';
export const recordingFileName = (ext: string, at = new Date()): string =>
  `recorded-video-${at.toISOString()}.${ext}`;

/** Loop restart delay, ms. */
export const LOOP_RESTART_MS = 100;

/** Seek slider range. */
export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;
export const SLIDER_STEP = 1;

/** Toast default duration, ms. */
export const TOAST_MS = 2000;

/** A glasses GLB larger than this is refused before parsing (bytes). */
export const GLASSES_MAX_BYTES = 20 * 1024 * 1024;
/** A glasses model with more triangles than this is refused: a phone draws it at every frame. */
export const GLASSES_MAX_TRIANGLES = 300_000;

/** Grid columns. */
export const GRID_COLUMNS = 3;

/** Local storage names (must never change: data written by one version is read by the next). */
export const DB_NAME = 'ModelDB';
export const DB_VERSION = 1;
export const DB_TABLE = 'models';
export const KEY_MEDIAPIPE_TASK = 'mediapipeTask';
export const KEY_TASK_AND_WASM_CACHED = 'isTaskAndWasmCached';
export const KEY_MODEL_STATUS = 'modelStatus';
export const KEY_ENV_IMAGE = 'envImage';
export const WASM_CACHE_NAME = 'mediapipe-wasm';

/** Asset paths, relative to the asset base (spec §7; the wasm loader is the module-worker build). */
export const ASSET_PATHS = {
  faceModel: 'mediapipe/face_landmarker.task',
  wasmLoader: 'mediapipe/wasm/vision_wasm_module_internal.js',
  wasmBinary: 'mediapipe/wasm/vision_wasm_module_internal.wasm',
  manifest: 'others/manifest.json',
  envImage: 'env/studio.png',
  headOccluder: 'models/head6.glb',
} as const;

/**
 * glTF decoders copied from three's pinned package by setup, fetched by the worker only when a
 * model needs them (Draco meshes, KTX2 textures), checked like every other asset and kept in the
 * Cache Storage `DECODER_CACHE_NAME` for offline use. Names are the ones three's loaders request.
 */
export const DECODER_PATHS = {
  dracoWrapper: 'decoders/draco/draco_wasm_wrapper.js',
  dracoWasm: 'decoders/draco/draco_decoder.wasm',
  basisWrapper: 'decoders/basis/basis_transcoder.js',
  basisWasm: 'decoders/basis/basis_transcoder.wasm',
} as const;
export const DECODER_CACHE_NAME = 'glasses-decoders';

/** The face model's published identity; a mismatch is an error. */
export const FACE_MODEL_SHA256 = '64184e229b263107bc2b804c6625db1341ff2bb731874b0bcc2fe6544e0bc9ff';
export const FACE_MODEL_BYTES = 3_758_596;

/** Default glasses material (spec §3), MeshPhysicalMaterial parameters. */
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
