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
  warnings: string[];
  /** Material file fields refused for their type (`mesh.field`): the material keeps its own. */
  refusedMaterial: string[];
}

/** Why a model was refused; the page shows each as a Chinese message on the cell. */
export type GlassesErrorCode =
  | 'too-large'
  | 'too-many-triangles'
  | 'corrupt'
  | 'no-meshes'
  | 'texture'
  | 'decoder'
  | 'ambiguous';

export const GLASSES_ERROR_CODES: readonly GlassesErrorCode[] = [
  'too-large',
  'too-many-triangles',
  'corrupt',
  'no-meshes',
  'texture',
  'decoder',
  'ambiguous',
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
