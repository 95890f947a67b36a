import {
  FIT_LIMITS,
  formatFrameSize,
  type FitReason,
  type FrameSize,
  type LengthUnit,
} from '../../src/shared/glasses-types';

export const TO_METRES: Record<LengthUnit, number> = { m: 1, cm: 0.01, mm: 0.001 };
/** Front face to hinge: what a depth-measured temple has more than a declared one (3–12 mm on
 *  the built-in frames). */
const FRONT_DEPTH_MM = 12;
/** What an unknown unit is scaled to: a common adult front width. */
const UNKNOWN_WIDTH_M = 0.14;

/**
 * The unit that puts the front inside what real frames measure (FIT_LIMITS.frontMm); where no
 * unit does, the declared boxing size scales it, or else a common width does, and it is said.
 */
export function chooseUnit(
  width: number,
  rawLens: number,
  declared: FitInputs['frameSize'],
): { unit: LengthUnit | 'unknown'; toMetres: number; reason?: FitReason } {
  const [low, high] = FIT_LIMITS.frontMm;
  for (const unit of ['m', 'cm', 'mm'] as const) {
    const mm = width * TO_METRES[unit] * 1000;
    if (mm >= low && mm <= high) return { unit, toMetres: TO_METRES[unit] };
  }
  if (declared && rawLens > 0) {
    const toMetres = declared.lensMm / 1000 / rawLens;
    return { unit: 'unknown', toMetres, reason: { code: 'unit-from-frame-size', level: 'info' } };
  }
  return {
    unit: 'unknown',
    toMetres: UNKNOWN_WIDTH_M / width,
    reason: { code: 'unit-unknown', level: 'warn', values: { widthMm: UNKNOWN_WIDTH_M * 1000 } },
  };
}

/** What the manifest may add to a model's geometry: a declared boxing size. */
export interface FitInputs {
  frameSize?: Omit<FrameSize, 'fromLenses'>;
  /** What loading already found (a texture dropped, an animation frozen). */
  notes?: FitReason[];
}

/** A declared size against the measured one: each part further apart than the tolerance. */
export function sizeReasons(
  measured: FrameSize,
  declared: FitInputs['frameSize'],
  unitFromSize: boolean,
): FitReason[] {
  if (!declared || unitFromSize) return [];
  // Rims are wider than the lens they hold: up to 2 mm a side more lens, 4 mm less bridge.
  const rim = measured.fromLenses ? 0 : 4;
  const tol = FIT_LIMITS.sizeToleranceMm;
  const off = (m: number, d: number, slackUp: number, slackDown: number) =>
    m - d > tol + slackUp || d - m > tol + slackDown;
  // The measured temple runs from the front face, the declared one from the hinge.
  const templeOff =
    declared.templeMm !== null &&
    measured.templeMm !== null &&
    off(measured.templeMm, declared.templeMm, FRONT_DEPTH_MM, 0);
  if (
    !off(measured.lensMm, declared.lensMm, rim, 0) &&
    !off(measured.bridgeMm, declared.bridgeMm, 0, rim) &&
    !templeOff
  ) {
    return [];
  }
  return [
    {
      code: 'size-mismatch',
      level: 'warn',
      values: { declared: formatFrameSize(declared), measured: formatFrameSize(measured) },
    },
  ];
}
