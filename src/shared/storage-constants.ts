/**
 * Storage and asset constants from docs/behaviour.md (§3, §7, §9): local storage names (never
 * to change: data written by one version is read by the next), asset paths, known files and
 * limits of what the app downloads. One source of truth for the page, the worker, scripts and
 * tests.
 */

/** A glasses GLB larger than this is refused before parsing (bytes). */
export const GLASSES_MAX_BYTES = 20 * 1024 * 1024;
/**
 * A manifest larger than this is not read: the 10 000 entries read at most (manifest.ts) take
 * up to 600 bytes each with a digest, a fit and a size.
 */
export const MANIFEST_MAX_BYTES = 8 * 1024 * 1024;
/** A material file larger than this is not read (eight parts take about 3 kB). */
export const MATERIAL_MAX_BYTES = 256 * 1024;
/** A glasses model with more triangles than this is refused: a phone draws it at every frame. */
export const GLASSES_MAX_TRIANGLES = 300_000;
/**
 * Accessor bytes a glasses model may declare (workers/assets/glb-demand.ts): room for the
 * triangle limit's ~900 000 vertices with position, normal, UV and tangent plus indices (47 MB);
 * the eleven real exports in ../shared/assets/glasses declare 2.2 MB at most.
 */
export const GLASSES_MAX_MESH_BYTES = 64 * 1024 * 1024;
/**
 * Texture pixels a glasses model may embed, all images together: one 4096² picture, or sixteen
 * of 1024² (64 MB decoded); the real exports embed 6.3 million at most.
 */
export const GLASSES_MAX_TEXTURE_PIXELS = 4096 * 4096;

/** Local storage names (must never change: data written by one version is read by the next). */
/**
 * A download that receives nothing for this long (no headers, or no byte since the last one)
 * counts as stalled and fails with its message and a retry, ms. Slow but moving is never cut.
 */
export const DOWNLOAD_STALL_MS = 20_000;
/**
 * An IndexedDB open, read or write unanswered this long (another tab holding an old version open,
 * a stuck disk): the page goes on with the bytes in memory, as when storage is refused, ms.
 */
export const STORAGE_DEADLINE_MS = 10_000;
export const DB_NAME = 'ModelDB';
export const DB_VERSION = 1;
export const DB_TABLE = 'models';
export const KEY_MEDIAPIPE_TASK = 'mediapipeTask';
export const KEY_TASK_AND_WASM_CACHED = 'isTaskAndWasmCached';
export const KEY_MODEL_STATUS = 'modelStatus';
export const KEY_ENV_IMAGE = 'envImage';
/** Ours, not the original's: the environment prefiltered on the CPU, kept between starts. */
export const KEY_ENV_CUBE = 'envCube';
/** Ours: the frames marked 收藏 (issue 38), by catalogue value, newest last. */
export const KEY_FAVOURITES = 'favourites';
/** More favourites than this are not kept (the oldest go first). */
export const FAVOURITES_MAX = 200;
/** ModelDB record of the prescription entered under 镜片 (src/storage/prescription.ts). */
export const KEY_PRESCRIPTION = 'prescription';
/** ModelDB record of the tint and coatings chosen under 镜片. */
export const KEY_LENS_TINT = 'lensTint';
/** Ours: when each stored glasses model was last worn, and its size (src/storage/model-use.ts). */
export const KEY_MODEL_USE = 'modelUse';
/**
 * Stored glasses models stay within this many bytes, or half of what the browser says the site
 * may store if that is less (src/catalogue/model-budget.ts): a shop of 3 000 frames at 0.1–2 MB
 * each would otherwise fill a phone as its customers try them.
 */
export const MODEL_BUDGET_BYTES = 200 * 1024 * 1024;
export const WASM_CACHE_NAME = 'mediapipe-wasm';

/**
 * Asset paths, relative to the asset base (docs/behaviour.md §7; the wasm loader is the
 * module-worker build).
 */
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
