/**
 * The prescription a person enters under 镜片 (issue 39), for preview only: its ranges, and what
 * makes an entry invalid (codes; the form words them). Stored on the device only
 * (src/storage/prescription.ts).
 */

/** Prescription ranges and steps (dioptres, degrees), as the form offers them. */
export const SPHERE_RANGE_D = [-12, 8] as const;
export const CYLINDER_RANGE_D = [-6, 6] as const;
export const POWER_STEP_D = 0.25;
export const AXIS_RANGE_DEG = [1, 180] as const;
/** Lens indices offered (1.50 CR-39, 1.59 polycarbonate … 1.74). */
export const LENS_INDICES = [1.5, 1.56, 1.59, 1.6, 1.67, 1.74] as const;
/** The index the form names by its material (the others are known by their number). */
export const POLYCARBONATE_INDEX: LensIndex = 1.59;
export type LensIndex = (typeof LENS_INDICES)[number];
/** Wearer's PD accepted in the form, mm. */
export const PD_RANGE_MM = [45, 80] as const;

export interface Prescription {
  sphere: number;
  /** 0 when there is none. */
  cylinder: number;
  /** Degrees 1–180; ignored without a cylinder. */
  axis: number;
  index: LensIndex;
  /** The wearer's PD, mm; null: the measured one (or none known). */
  pdMm: number | null;
}

/** Why an entry cannot be used; the form shows each by its field. */
export type PrescriptionProblem =
  | 'sphere-range'
  | 'sphere-step'
  | 'cylinder-range'
  | 'cylinder-step'
  | 'axis-missing'
  | 'axis-range'
  | 'index'
  | 'pd-range';

const onStep = (value: number) =>
  Math.abs(value / POWER_STEP_D - Math.round(value / POWER_STEP_D)) < 1e-9;
const within = (value: number, [low, high]: readonly [number, number]) =>
  value >= low && value <= high;

/**
 * The problems of an entry (none: it can be used). `axis` null means not given; a cylinder needs
 * one, a sphere alone ignores it.
 */
export function prescriptionProblems(entry: {
  sphere: number;
  cylinder: number;
  axis: number | null;
  index: number;
  pdMm: number | null;
}): PrescriptionProblem[] {
  const problems: PrescriptionProblem[] = [];
  if (!Number.isFinite(entry.sphere) || !within(entry.sphere, SPHERE_RANGE_D)) {
    problems.push('sphere-range');
  } else if (!onStep(entry.sphere)) problems.push('sphere-step');
  if (!Number.isFinite(entry.cylinder) || !within(entry.cylinder, CYLINDER_RANGE_D)) {
    problems.push('cylinder-range');
  } else if (!onStep(entry.cylinder)) problems.push('cylinder-step');
  if (entry.cylinder !== 0 && Number.isFinite(entry.cylinder)) {
    if (entry.axis === null) problems.push('axis-missing');
    else if (!Number.isInteger(entry.axis) || !within(entry.axis, AXIS_RANGE_DEG)) {
      problems.push('axis-range');
    }
  }
  if (!(LENS_INDICES as readonly number[]).includes(entry.index)) problems.push('index');
  if (entry.pdMm !== null && (!Number.isFinite(entry.pdMm) || !within(entry.pdMm, PD_RANGE_MM))) {
    problems.push('pd-range');
  }
  return problems;
}
