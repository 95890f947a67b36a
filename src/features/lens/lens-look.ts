import { minusEdge } from '../../shared/lens/lens-optics';
import { eyeMagnification, UNMAGNIFIED } from '../../shared/lens/lens-magnification';
import type { Prescription } from '../../shared/lens/prescription';
import { PHOTOCHROMIC_DENSITY, TINT_COLOURS, type TintChoice } from '../../shared/lens/lens-tint';
import type { LensLook } from '../../shared/try-on-types';

/**
 * How the worn lenses look for a prescription (their power and shape scale the eyes, along the
 * cylinder's two meridians) and a tint choice: a photochromic lens is its colour (grey if none)
 * at its indoor or outdoor density; a clear lens without power draws nothing over the eyes.
 * `centreMm`: the worn frame's lens centre thickness, null where it is not known
 * (eyeMagnification then takes the thinnest the lens is made).
 */
export function lensLook(
  rx: Prescription | null,
  tint: TintChoice,
  centreMm: number | null = null,
): LensLook {
  const colour = TINT_COLOURS[tint.colour] ?? (tint.photochromic ? TINT_COLOURS.grey : null);
  const density = tint.photochromic
    ? PHOTOCHROMIC_DENSITY[tint.outdoor ? 'outdoor' : 'indoor']
    : colour
      ? tint.density
      : 0;
  return {
    magnification: rx ? eyeMagnification(rx, centreMm) : UNMAGNIFIED,
    tint: colour ? [colour[0], colour[1], colour[2]] : [1, 1, 1],
    density,
    gradient: tint.gradient && !tint.photochromic,
    antiReflection: tint.antiReflection,
    edge: rx ? minusEdge(rx) : null,
  };
}
