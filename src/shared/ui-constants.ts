/**
 * User-interface constants from docs/behaviour.md §9: limits, timings, file names and layout
 * the page shows. One source of truth for the page, the worker, the scripts and the tests.
 */

/** Video file maximum: 50 MB. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;

/** Canvas display width: 95% of the window width. */
export const VIEW_WIDTH_FRACTION = 0.95;

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
/** A toast that reports lost work stays longer than the spec's 2 s, ms. */
export const RECORDING_LOST_TOAST_MS = 5000;

/**
 * The head occluder and the environment are waited for this long before the try-on opens without
 * them (they still go in when they arrive), ms: a stuck download or decode never holds the start.
 */
export const SCENE_ASSETS_WAIT_MS = 15_000;

/** Grid columns. */
export const GRID_COLUMNS = 3;

/** How long a running source shows no face before the hint appears, ms. */
export const NO_FACE_HINT_MS = 3_000;

/** Press and hold the preview this long before the glasses hide (a tap does nothing), ms. */
export const COMPARE_HOLD_MS = 150;

/**
 * The shop page's live try-on: how long putting a file on the face may take (parse, fit, shader
 * link on software GL: 1–5 s here) before the page says it failed, ms.
 */
export const LIVE_WEAR_DEADLINE_MS = 30_000;
