/**
 * What crosses the boundary about one glasses model: the operator's fit override (from the
 * manifest), the report of what the automatic fit decided, and why a model was refused.
 */

export type LengthUnit = 'm' | 'cm' | 'mm';
/** A signed model axis, e.g. '+y' (up) or '-z' (the way the front faces). */
export type SignedAxis = '+x' | '-x' | '+y' | '-y' | '+z' | '-z';

/**
 * Operator override for the rare model the automatic fit gets wrong (manifest entry `fit`).
 * Every field is optional; what is given replaces what the fit would have decided.
 */
export interface FitOverride {
  unit?: LengthUnit;
  /** The model axis that points up, in the model's world space. */
  up?: SignedAxis;
  /** The model axis the front of the glasses faces (away from the wearer). */
  front?: SignedAxis;
  /** Moves the bridge point, millimetres, wearer's frame: x right, y up, z forward. */
  bridgeOffsetMm?: [number, number, number];
  /** Pantoscopic tilt, degrees: positive tips the bottom of the lenses toward the cheeks. */
  pantoscopicDeg?: number;
}

export type Vec3 = [number, number, number];

/** What the fit decided (glasses:check prints it; the page logs it). */
export interface GlassesReport {
  unit: LengthUnit | 'unknown';
  /** Which model axis became up, and which way the front faces, e.g. '+y', '+z'. */
  up: SignedAxis;
  front: SignedAxis;
  /** Front width, lens height and overall depth (temples included), millimetres. */
  widthMm: number;
  heightMm: number;
  depthMm: number;
  /** Where the bridge (the point resting on the nose) lands on the canonical face, cm. */
  bridge: Vec3;
  /** Lens opening centres on the canonical face, cm (wearer's right first). */
  lensCentres: [Vec3, Vec3];
  /** Temples found running back toward the ears, or a front without temples. */
  temples: 'back' | 'none';
  /** 0..1, how well the model mirrors onto itself across its symmetry plane. */
  symmetry: number;
  triangles: number;
  bytes: number;
  extensions: string[];
  /** Names of meshes set aside as not part of the glasses (a stand, a plane, a box). */
  ignored: string[];
  /** Fields taken from the operator's override instead of the automatic fit. */
  overridden: string[];
  /** Material file fields refused for their type (`mesh.field`): the material keeps its own. */
  refusedMaterial: string[];
  /** ok: sits right; warn: worn, with reasons the operator must see; refused: not worn. */
  verdict: FitVerdict;
  /** 0..1: 1 when nothing was guessed or found wrong; each reason lowers it (fit-verdict.ts). */
  confidence: number;
  /** Everything that was guessed, dropped or found implausible, as codes the page words. */
  reasons: FitReason[];
  /** Boxing size (ISO 8624) measured from the fitted geometry; temple null for a front only. */
  frameSize: FrameSize;
  /**
   * One lens opening's outline from the lens meshes, mm from its boxed centre, [x, y] pairs (x
   * toward the temple, y up); null when the file marks no lenses (workers/fit/lens-outline.ts).
   */
  lensOutlineMm: number[] | null;
  /**
   * The least gap between the front's lower rim and the reference head's cheeks, mm (below 0:
   * it reaches into them, 贴脸; workers/fit/face-contact.ts); null where the front has no part
   * over the cheeks, absent where no head was at hand.
   */
  cheekMm?: number | null;
}

export type FitVerdict = 'ok' | 'warn' | 'refused';

/** What a fit reason may name: numbers in mm or degrees, mesh names, sizes as shops write them. */
export type FitReasonValues = Record<string, string | number>;

export type FitReasonCode =
  | 'unit-unknown'
  | 'unit-from-frame-size'
  | 'posed'
  | 'front-narrow'
  | 'front-wide'
  | 'temples-short'
  | 'temples-long'
  | 'no-temples'
  | 'front-unclear'
  | 'up-unclear'
  | 'asymmetric'
  | 'lenses-tilted'
  | 'lenses-unmirrored'
  | 'bridge-off'
  | 'parts-ignored'
  | 'size-mismatch'
  | 'size-from-rims'
  | 'texture-dropped'
  | 'material-converted'
  | 'material-unsupported'
  | 'animation-frozen';

/** info: said for the record; warn: worn, the operator must look; refuse: not worn. */
export interface FitReason {
  code: FitReasonCode;
  level: 'info' | 'warn' | 'refuse';
  values?: FitReasonValues;
}

/** Lens width a, bridge d and temple length (mm), as `52□18-140`. */
export interface FrameSize {
  lensMm: number;
  bridgeMm: number;
  templeMm: number | null;
  /** From the lens meshes themselves; false: from the rims (a few mm wider than the lens). */
  fromLenses: boolean;
}

/** What real frames measure: outside it a fit is never reported as fine (fit-verdict.ts). */
export const FIT_LIMITS = {
  frontMm: [95, 175],
  templeMm: [80, 170],
  levelDeg: 5,
  mirrorMm: 3,
  /** A declared size and the measured one further apart than this are named in a warning. */
  sizeToleranceMm: 2,
} as const;

/** Longer than any boxing size however spaced: a longer text is refused before any pattern. */
const FRAME_SIZE_MAX_CHARS = 40;
/**
 * On the trimmed text. No two repeats can take the same characters, so a failed match costs
 * linear time (tests/unit/regex-safety.test.ts): a run of spaces between two `\s*` took
 * quadratic time, 1.1 s for 32 000 spaces.
 */
const BOXING = /^(\d{2}(?:\.\d)?)\s*(?:□|\[\]|x|X|\*)\s*(\d{1,2}(?:\.\d)?)(?:\s*-\s*(\d{2,3}))?$/;

/** `52□18-140` (or 52[]18-140, 52x18-140; temple optional) → sizes, or null when it is not one. */
export function parseFrameSize(text: string): Omit<FrameSize, 'fromLenses'> | null {
  if (text.length > FRAME_SIZE_MAX_CHARS) return null;
  const match = BOXING.exec(text.trim());
  if (!match) return null;
  const [lensMm, bridgeMm] = [Number(match[1]), Number(match[2])];
  const templeMm = match[3] === undefined ? null : Number(match[3]);
  const sane =
    lensMm >= 30 &&
    lensMm <= 75 &&
    bridgeMm >= 8 &&
    bridgeMm <= 30 &&
    (templeMm === null ||
      (templeMm >= FIT_LIMITS.templeMm[0] && templeMm <= FIT_LIMITS.templeMm[1]));
  return sane ? { lensMm, bridgeMm, templeMm } : null;
}

/** The way shops write it: whole millimetres, temple left out when there is none. */
export function formatFrameSize(size: Omit<FrameSize, 'fromLenses'>): string {
  const temple = size.templeMm === null ? '' : `-${Math.round(size.templeMm)}`;
  return `${Math.round(size.lensMm)}□${Math.round(size.bridgeMm)}${temple}`;
}

/** Why a model was refused; the page shows each as a Chinese message on the cell. */
export type GlassesErrorCode =
  | 'too-large'
  | 'too-many-triangles'
  | 'too-demanding'
  | 'corrupt'
  | 'no-meshes'
  | 'texture'
  | 'decoder'
  | 'ambiguous'
  | 'two-pairs'
  | 'implausible';

export const GLASSES_ERROR_CODES: readonly GlassesErrorCode[] = [
  'too-large',
  'too-many-triangles',
  'too-demanding',
  'corrupt',
  'no-meshes',
  'texture',
  'decoder',
  'ambiguous',
  'two-pairs',
  'implausible',
];

/** Error names survive Comlink's error transfer; the code travels as the message. */
export const GLASSES_ERROR_NAME = 'GlassesError';

export function glassesErrorCode(error: unknown): GlassesErrorCode | null {
  if (typeof error !== 'object' || error === null) return null;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name !== GLASSES_ERROR_NAME) return null;
  const code = String(message).split(':')[0] as GlassesErrorCode;
  return GLASSES_ERROR_CODES.includes(code) ? code : null;
}
