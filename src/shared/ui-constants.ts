/**
 * User-interface constants from docs/behaviour.md §9: limits, timings, file names and layout
 * the page shows. One source of truth for the page, the worker, the scripts and the tests.
 */

/** Video file maximum: 50 MB. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;

/** Photo file maximum: 20 MB (issue 38). */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** Photo size maximum, either way round: 4000×3000 pixels (12 MP). */
export const PHOTO_MAX_PX = { long: 4000, short: 3000 } as const;
/**
 * A photo is tracked and drawn at most this many pixels on its long side (a camera's HD picture);
 * its saved photo is CAPTURE_SCALE times that, like a video's.
 */
export const PHOTO_WORK_MAX_PX = 1280;
/**
 * A photo's header is looked for in its first bytes only: a JPEG's segments before its size
 * hold 64 kB each at most (EXIF, XMP, ICC), and a file of 20 MB of tiny crafted segments took
 * the header reader ~2 s on the page (tests/unit/photo-file.test.ts).
 */
export const PHOTO_HEADER_MAX_BYTES = 512 * 1024;
/** A chosen file read past this counts as failed (moved away, a cloud drive offline), ms. */
export const LOCAL_FILE_READ_MS = 20_000;
/** Reading and decoding a photo past this counts as failed, ms. */
export const PHOTO_DECODE_TIMEOUT_MS = 20_000;
/**
 * A video's play() unsettled past this: playing with data to go on, it counts as started; else as
 * failed, ms (start-playing.ts; tests/unit/start-playing.test.ts).
 */
export const PLAY_START_MS = 10_000;

/** Canvas display width: 95% of the window width. */
export const VIEW_WIDTH_FRACTION = 0.95;

/**
 * 开启摄像头: a camera that has not answered within this, ms (a permission prompt left open, a
 * camera another app holds, an in-app browser that never answers) is said to be slow; the start
 * goes on, and the message goes once the camera answers (tests/e2e/camera.e2e.ts).
 */
export const CAMERA_ANSWER_MS = 15_000;

/** Recording: 30 fps capture, output at 2x the video resolution. */
export const RECORD_FPS = 30;
/**
 * The page's MediaRecorder (the fallback where the worker has no encoder) hands over its last
 * data and ends within this of stop(), ms; past it the recording is said to have failed
 * (tests/unit/video-file.test.ts).
 */
export const RECORDER_STOP_MS = 10_000;
export const CAPTURE_SCALE = 2;
export const PHOTO_FILE_NAME = 'merged-screenshot.png';
/** 全部试戴's comparison, saved or shared like a photo (collage.ts). */
export const COMPARE_FILE_NAME = 'try-on-compare.jpg';
/**
 * 保存对比图: the collage (up to four pictures decoded, drawn and encoded as a JPEG) is made within
 * this, ms, or the button says it failed and can be pressed again
 * (tests/unit/compare-view.test.tsx).
 */
export const COLLAGE_MS = 15_000;
/** 复制清单条目 on 商家工具: the clipboard takes the entry within this, ms, or it says it could not. */
export const CLIPBOARD_MS = 5_000;
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
/** A recording smaller than asked for is told for as long (a sentence to read while recording). */
export const RECORDING_SMALLER_TOAST_MS = 5000;
/** Advice on the frame put on (贴脸 and what shops offer for it) is a sentence to read: as long. */
export const ADVICE_TOAST_MS = 5000;

/**
 * The head occluder and the environment are waited for this long before the try-on opens without
 * them (they still go in when they arrive), ms: a stuck download or decode never holds the start.
 */
export const SCENE_ASSETS_WAIT_MS = 15_000;

/** Grid columns. */
export const GRID_COLUMNS = 3;

/** How long a running source shows no face before the hint appears, ms. */
export const NO_FACE_HINT_MS = 3_000;
/**
 * A photo is tracked within a few hundred ms: what it holds (no face, several) is said after this,
 * once the figures of the source before it are gone, ms.
 */
export const PHOTO_HINT_MS = 1_000;

/** 全部试戴 on a live camera: the picture is taken after this countdown (time to look up), s. */
export const TRY_ALL_COUNTDOWN_S = 3;
/** 全部试戴 draws this many frames, then offers 再试 as many more: never a whole shop at once. */
export const TRY_ALL_BATCH = 12;
/** 对比: at most this many frames side by side (two at least). */
export const COMPARE_MAX = 4;

/** Press and hold the preview this long before the glasses hide (a tap does nothing), ms. */
export const COMPARE_HOLD_MS = 150;

/**
 * How long the page waits for each answer of the try-on engine (src/engine/try-on-engine.ts), ms.
 * Past `start`, `frame` or `command` the engine counts as stuck and is restarted like a crashed
 * one (its glasses and source put back). Past `wear` (parse, fit and shader link take seconds on
 * software GL) the load is abandoned, the glasses worn before stay and the user is told; past
 * `scene`, `capture` or `finishRecording` that call fails with its own message.
 */
export const ENGINE_DEADLINES_MS = {
  start: 45_000,
  frame: 10_000,
  command: 10_000,
  wear: 30_000,
  scene: 30_000,
  capture: 20_000,
  finishRecording: 30_000,
} as const;
