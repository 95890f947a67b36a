import { eyeMagnification, minusEdge } from '../shared/lens-optics';
import type { Prescription } from '../shared/prescription';
import { PHOTOCHROMIC_DENSITY, TINT_COLOURS, type TintChoice } from '../shared/lens-tint';
import type { LensLook } from '../shared/try-on-types';

/**
 * How the worn lenses look for a prescription (their power scales the eyes) and a tint choice: a
 * photochromic lens is its colour (grey if none) at its indoor or outdoor density; a clear lens
 * without power draws nothing over the eyes.
 */
export function lensLook(rx: Prescription | null, tint: TintChoice): LensLook {
  const colour = TINT_COLOURS[tint.colour] ?? (tint.photochromic ? TINT_COLOURS.grey : null);
  const density = tint.photochromic
    ? PHOTOCHROMIC_DENSITY[tint.outdoor ? 'outdoor' : 'indoor']
    : colour
      ? tint.density
      : 0;
  return {
    magnification: rx ? eyeMagnification(rx) : 1,
    tint: colour ? [colour[0], colour[1], colour[2]] : [1, 1, 1],
    density,
    gradient: tint.gradient && !tint.photochromic,
    antiReflection: tint.antiReflection,
    edge: rx ? minusEdge(rx) : null,
  };
}
