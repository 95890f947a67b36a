/**
 * How much a prescription's lenses scale the eyes seen through them (issues 39 and 48):
 * spectacle magnification, the product of
 * - the shape factor 1 / (1 − (t/n) F1): t the lens's centre thickness (m), n its index, F1 its
 *   front surface's power (baseCurveD);
 * - the power factor 1 / (1 − h F): F the power in a meridian, h from the lens's back to the
 *   eye's entrance pupil (VERTEX_DISTANCE_MM + ENTRANCE_PUPIL_MM, m);
 * in a cylinder's two principal meridians (the shape factor is the same in both: the front is
 * taken spherical, the cylinder on the back, as most lenses are made).
 *
 * Spectacle magnification is what the wearer sees; the picture shows the wearer seen by someone
 * else, looking back through the same lens at the eye behind it. To first order the two are the
 * same lens factors (the eye's pupil and iris sit where h ends), which is what is drawn.
 */

import { LENS_MIN_CENTRE_MM } from './lens-optics';
import type { Prescription } from './prescription';
import type { EyeMagnification } from '../try-on-types';

/** From the lens's back to the cornea, mm (a typical fit). */
export const VERTEX_DISTANCE_MM = 12;
/**
 * From the cornea to the entrance pupil (the pupil as seen through the cornea), mm: the
 * textbook figure spectacle magnification's h adds to the vertex distance. The iris and pupil
 * someone else sees through the lens lie there too.
 */
export const ENTRANCE_PUPIL_MM = 3;
/** The flattest front curve taken, D: high minus lenses are made about plano in front. */
const FLATTEST_BASE_D = 0.5;

/** No scale: a clear lens without power. */
export const UNMAGNIFIED: EyeMagnification = { alongAxis: 1, acrossAxis: 1, axisDeg: 180 };

/**
 * The front surface's power a lens of `rx` is commonly made with, D: Vogel's rule on the
 * spherical equivalent S (as Brooks and Borish's "System for Ophthalmic Dispensing" gives it),
 * S + 6 for a plus lens and S/2 + 6 for a minus one, no flatter than FLATTEST_BASE_D. A lab
 * picks from its own base series: a dioptre off moves a +8.00 lens's figure by under 1 %.
 */
export function baseCurveD(rx: Pick<Prescription, 'sphere' | 'cylinder'>): number {
  const s = rx.sphere + rx.cylinder / 2;
  return Math.max(FLATTEST_BASE_D, s > 0 ? s + 6 : s / 2 + 6);
}

/**
 * The scale of the eyes behind a lens of `rx` whose centre is `centreMm` thick: the worn frame's
 * (lens-thickness.ts; a plus lens's centre grows with its outline). Null where no outline is
 * known (or the lens cannot be made there): the index's LENS_MIN_CENTRE_MM, the thinnest it is
 * made in any frame; right for a minus lens, for a plus one the least it enlarges (+8.00 in
 * 1.50: 1.16, against about 1.25 in a 52 mm frame).
 */
export function eyeMagnification(rx: Prescription, centreMm: number | null): EyeMagnification {
  const t = (centreMm ?? LENS_MIN_CENTRE_MM[rx.index]) / 1000;
  const shape = 1 / (1 - (t / rx.index) * baseCurveD(rx));
  const h = (VERTEX_DISTANCE_MM + ENTRANCE_PUPIL_MM) / 1000;
  const power = (f: number) => 1 / (1 - h * f);
  return {
    alongAxis: shape * power(rx.sphere),
    acrossAxis: shape * power(rx.sphere + rx.cylinder),
    axisDeg: rx.axis,
  };
}
