/**
 * What crosses the main-thread ↔ worker boundary. The worker API itself is typed from its code
 * (`TryOnApi` in workers/try-on.worker.ts); these are the plain data shapes it takes and gives.
 */

import type { DebugInit } from './debug-init';
import type { FitOverride, FrameSize, GlassesReport } from './glasses-types';

export type Delegate = 'CPU' | 'GPU';
export type LensQuality = 'transmission' | 'fast';
/**
 * 'adaptive' tracks a still face ~10 Hz and a moving one at the model's pace; 'every' tracks
 * every frame; 'audit' (bench) tracks every frame but draws the adaptive pose, and measures how
 * far it is from the every-frame one.
 */
export type TrackMode = 'adaptive' | 'every' | 'audit';

export interface EngineInit {
  /** The canvas the page transferred; the page fallback passes its own canvas in directly. */
  canvas?: OffscreenCanvas;
  width: number;
  height: number;
  pixelRatio: number;
  /** The face model bytes (transferred). */
  modelBytes: ArrayBuffer;
  /** Absolute URLs of the wasm runtime files (may be blob: URLs from the cache). */
  wasmLoaderUrl: string;
  wasmBinaryUrl: string;
  /** Where the asset paths resolve (decoders are fetched from there on demand). */
  assetBase: string;
  /** Origins the worker may fetch from; everything else is refused (no telemetry). */
  allowedOrigins: string[];
  /**
   * Skip the delegate trial: the verdict this browser measured before. Ignored on software GL,
   * where the CPU is known to win (a GPU remembered from other hardware would cost 5× there).
   */
  rememberedDelegate?: Delegate;
  /** Skip the lens probe: the verdict this browser measured before (ignored on software GL). */
  lensQuality?: LensQuality;
  /** The tests' and bench's switches (debug-init.ts); never set in a production build. */
  debug?: DebugInit;
  /**
   * A restart after a crash: the source kept playing, so frames come at once and a warm-up
   * detection (tracker.ts) would only hold the first one back.
   */
  restart?: boolean;
}

/** The model and runtime a tracker starts from (the bench's workers take just these). */
export type TrackerFiles = Pick<EngineInit, 'modelBytes' | 'wasmLoaderUrl' | 'wasmBinaryUrl'>;

/** One material parameter item (docs/behaviour.md §3): matched to a mesh by name. */
export interface MaterialItem {
  modelArrayOrder: string;
  [property: string]: unknown;
}

/** Adjustment offsets (docs/behaviour.md §3), in centimetres and degrees on the canonical face. */
export interface FitOffsets {
  leftRight: number;
  upDown: number;
  frontBehind: number;
  rotation: number;
}

export interface GlassesInput {
  id: string;
  glb: ArrayBuffer;
  materials?: MaterialItem[];
  offsets?: Partial<FitOffsets>;
  /** The manifest entry's operator override, when it has one. */
  fit?: FitOverride;
  /** The manifest entry's declared boxing size, parsed. */
  frameSize?: Omit<FrameSize, 'fromLenses'>;
}

export interface FrameOptions {
  mirror: boolean;
  /**
   * A video file can cut from one scene to another; the worker then checks every frame for a cut
   * (workers/tracking/cut-detector.ts). A camera never cuts: its frames skip the check.
   */
  file: boolean;
}

/**
 * Per-frame result: small, so the reply costs nothing. Every frame is drawn (a file's a little
 * later, or skipped when a later one is due as well); some are tracked.
 */
export interface FrameResult {
  face: boolean;
  /**
   * A tracking result came since the last frame and posed this one: on the page path this
   * frame's own; with a tracking worker an earlier frame's, applied at its own timestamp and
   * predicted to this one. Otherwise the pose was only predicted.
   */
  freshPose: boolean;
  /** How long that tracking took (sent to answered); 0 without a fresh pose. */
  detectMs: number;
  renderMs: number;
  /**
   * The capture time (ms) of the frame whose tracking result the drawn pose rests on; null when
   * no glasses were posed. After a cut, nothing older than the cut may pose a frame.
   */
  poseFromMs: number | null;
  /**
   * The frames drawn since the last answer, this one included when it was: a file's frame is held
   * until its pose is known (workers/pipeline/held-frames.ts) and drawn in a later call, or on its
   * result's arrival; `renderMs` and `poseFromMs` above are the last of these.
   */
  drawn: FrameDrawn[];
}

/** One drawn frame: its capture time (ms) and FrameResult.poseFromMs for it. */
export interface FrameDrawn {
  capturedAtMs: number;
  poseFromMs: number | null;
}

/** Pipeline figures the worker publishes (throttled) for the stats overlay and tests. */
export interface WorkerStats {
  /** Frames the model saw, and how many of them had a face. */
  tracked: number;
  faces: number;
  /** Frames drawn (every frame the engine received, but a file's skipped: heldSkipped). */
  drawn: number;
  /** Tracked and drawn frames per second over the last second. */
  fps: number;
  drawnFps: number;
  /** The longest wall-clock gap between two drawn frames since the source started (watchdog). */
  longestGapMs: number;
  detectMsP50: number;
  detectMsP95: number;
  renderMsP50: number;
  renderMsP95: number;
  latencyMsP50: number;
  latencyMsP95: number;
  face: boolean;
  /** Faces in the last tracking result (a photo with several says so). */
  facesFound: number;
  /** How many faces the tracker seeks now (1, or NUM_FACES to see who is there). */
  soughtFaces: number;
  delegate: Delegate | 'pending';
  quality: LensQuality | 'pending';
  /** Distance in px between the tracked nose bridge and where the 3D anchor projects it. */
  alignPx: number;
  /** Eye centres [leftX, leftY, rightX, rightY] in displayed picture coordinates (0..1). */
  eyes: number[];
  /** Frames the worker received and has not closed yet. */
  openFrames: number;
  /** Scene cuts noticed in the file since the source started (cut-detector.ts). */
  cuts: number;
  /**
   * The lowest correlation between two compared frames of the file (1 before any): how near the
   * cut detector came to a false cut.
   */
  sceneMatchLow: number;
  /**
   * A file's frames wait this long (ms) for their poses before they are drawn; so many were drawn
   * before theirs came, and so many were not drawn, a later one being due as well, since the
   * source started (workers/pipeline/held-frames.ts); all 0 for a camera.
   */
  holdMs: number;
  heldGuessed: number;
  heldSkipped: number;
  /**
   * Tests' and bench's builds: the drawn pose against each tracked frame's own detection, px in
   * the drawn picture, p50 / p95 (workers/diagnostics/track-audit.ts).
   */
  auditPx?: [number, number];
  /** The same against the smoothed pose that detection gives (blind to the smoothing's lag). */
  auditSmoothedPx?: [number, number];
  /** Tests' and bench's builds: how still the drawn glasses are (diagnostics/steadiness.ts). */
  steadiness?: SteadinessFigures | null;
  /** The face's real size, measured with the iris (null until the estimate is stable). */
  measure: FaceMeasure | null;
  /**
   * 摘掉我的眼镜: off; on and not yet read; the wearer's frame seen on the face (and taken off);
   * or none seen, so the page says it is not sure (a clear or thick frame, or no glasses at all).
   */
  ownFrame: 'off' | 'reading' | 'seen' | 'not-seen';
  /** Tests' and bench's builds: the found lines' strength per region of the band, 0–1. */
  ownFrameShares?: Record<string, number>;
}

/** How still the drawn glasses are, in the camera picture's pixels, over the last ~5 s. */
export interface SteadinessFigures {
  /** RMS of the bridge's step from one drawn frame to the next: shimmer. */
  stepPx: number;
  /** RMS distance of the bridge from its mean place: wander. */
  spreadPx: number;
}

/** The held face's real size; each figure with its uncertainty (one standard deviation), mm. */
export interface FaceMeasure {
  /** Far pupillary distance. */
  pdMm: number;
  pdErrorMm: number;
  /** Face width at the temples. */
  faceWidthMm: number;
  faceWidthErrorMm: number;
  /** The face against the canonical (average) face: 1.05 is 5 % larger. */
  scale: number;
  /** The camera's distance against the tracker's 63° camera's, as the head's turns tell it. */
  cameraScale: number;
  /**
   * Whether the head's turns told the camera's distance; false while it is taken as the 63°
   * camera's, when the face width may be off by a tenth (its error says how much) and the size
   * advice waits for a turn of the head.
   */
  cameraKnown: boolean;
  /** Frames measured, and frames refused (eyes closed, turned, moving, lopsided iris). */
  frames: number;
  refused: number;
}

/** One picture rendered with and without glasses, and where its eyes are (tests, bench). */
export interface CapturePair {
  withGlasses: Blob;
  without: Blob;
  eyes: number[];
  /** With `averageSize`: the same picture and pose with the glasses at this face's size too. */
  withTrueSize?: Blob;
}

/** What the engine reports about its WebGL context: lost (the page then replaces the engine). */
export type ContextEvent = 'webgl-lost';

/** The engine's costly measurements, told to the page once decided (it remembers them). */
export interface EngineVerdicts {
  delegate?: Delegate;
  quality?: LensQuality;
}

/** Why a recording cannot start. */
export type RecordingRefusal = 'no-webcodecs' | 'unsupported' | 'no-picture';

export interface RecordingInfo {
  mime: string;
  ext: string;
  codec: string;
  width: number;
  height: number;
  /** × the video: the size asked for, or a smaller one the encoder keeps up with. */
  scale: number;
}

export type RecordingStart =
  ({ ok: true } & RecordingInfo) | { ok: false; reason: RecordingRefusal };

export interface RecordingResult extends RecordingInfo {
  blob: Blob;
  frames: number;
  /**
   * Pictures drawn during the recording and left out: the encoder was still busy, a second
   * picture fell in one 1/30 s slot, or it was drawn after the stop press.
   */
  dropped: number;
  durationS: number;
}

/** The shop page's packed file (meshopt), or why there is none, for the page to word. */
export type PackOutcome =
  | { glb: ArrayBuffer; inputBytes: number; outputBytes: number; movedMm: number }
  | { code: 'already-compressed' }
  | { code: 'fit-moved'; movedMm: number };

/**
 * 全部试戴 begun: the picture kept for it, bare (JPEG, TRY_ALL_WIDTH × TRY_ALL_HEIGHT, cropped
 * about the eyes), and where its eyes are in it ([x0, y0, x1, y1], px); null when no face shows.
 */
export interface TryAllStart {
  bare: Blob;
  eyes: number[];
}

/** One frame on the kept picture (same crop as the bare one), and how it fitted. */
export interface TryAllImage {
  image: Blob;
  report: GlassesReport;
}

/** How the worn lenses look on the face (issue 39; workers/lens/lens-layer.ts). */
export interface LensLook {
  /** The eyes behind them scaled by this (src/shared/lens/lens-magnification.ts). */
  magnification: EyeMagnification;
  /** The tint's colour filter (linear RGB, 0–1) and its strength (0: clear, 1: the colour). */
  tint: [number, number, number];
  density: number;
  /** Darker above the eyes, fading below. */
  gradient: boolean;
  /** An anti-reflection coating: the lens's reflections dimmed. */
  antiReflection: boolean;
  /** A minus lens's edge, shown as a band at the rim (lens-optics.ts); null: none shown. */
  edge: LensEdge | null;
}

/**
 * How a lens scales what is behind it, along its two principal meridians: `alongAxis` along the
 * cylinder's axis (the sphere's power), `acrossAxis` across it (sphere + cylinder); `axisDeg` is
 * the axis in TABO degrees, seen from the front, counter-clockwise from the observer's right.
 * Both 1: as they are; equal: a sphere's uniform scale.
 */
export interface EyeMagnification {
  alongAxis: number;
  acrossAxis: number;
  axisDeg: number;
}

/** A minus lens's back surface (radius, mm) and centre thickness (mm): its edge's thickness. */
export interface LensEdge {
  surfaceRadiusMm: number;
  centreMm: number;
}
