import type { LensIndex, Prescription } from '../../src/shared/lens/prescription';

/** A prescription for the lens tests: a sphere, optionally an index and a cylinder at its axis. */
export const rx = (
  sphere: number,
  index: LensIndex = 1.5,
  cylinder = 0,
  axis = 180,
): Prescription => ({
  sphere,
  cylinder,
  axis,
  index,
  pdMm: null,
});
