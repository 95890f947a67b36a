/**
 * A prescription lens in a frame (issues 39 and 48): its surfaces, where its optical centre sits
 * and how thin it is made. One module for the page (the figures it shows) and the worker (the
 * picture); the lenses' thickness is in lens-thickness.ts, the eyes' scale in
 * lens-magnification.ts.
 *
 * The model, and what it leaves out:
 * - The lens is cut from a spherical (or sphero-cylindrical) lens whose optical centre sits in
 *   front of the pupil: moved nasally from the lens opening's boxed centre by the decentration,
 *   (A + DBL − PD) / 2 per lens (the frame's PD against the wearer's).
 * - The whole power is taken as one surface's sag, exactly (s = r − √(r² − h²), r = 1000 (n − 1)
 *   / |F| mm), as the standard approximate method does with s ≈ h² F / 2000 (n − 1): real lenses
 *   split it between a front base curve and the back, which changes the figure by a few tenths
 *   of a millimetre. Aspheric designs (thinner still) are not modelled.
 * - A cylinder's power in the meridian at θ is S + C sin²(θ − axis) (TABO angles, seen from the
 *   front, counter-clockwise from the observer's right, for both eyes).
 */

import type { LensIndex, Prescription } from './prescription';
import type { LensEdge } from '../try-on-types';

/**
 * The thinnest a minus lens is made at its centre in each index, mm: typical makers' and labs'
 * minima for dress glasses, to be checked against the maker's data sheet for the material (its
 * minimum centre thickness) and the lab's surfacing limits; the floor under them is the impact
 * test (in the US the FDA's drop-ball test, 21 CFR 801.410). What they rest on:
 * - 1.50 (CR-39): 2.0, the long-standing US practice for plastic lenses, and a lab's own figure
 *   on OptiBoard ("Center Thickness": 2 mm for 1.498, 1.4 for 1.54, 1.2 for 1.60);
 * - 1.56: 1.5, between that lab's 1.54 and 1.60 figures, rounded up;
 * - 1.59 (polycarbonate): 1.5, the standard stock polycarbonate lens (the Polycarbonate Lens
 *   Council in Eyecare Business, June 2002); 1.0 mm is made on request;
 * - 1.60: 1.2, the OptiBoard lab's figure;
 * - 1.67: 1.2, as 1.60 (no figure of its own was found; makers give 1.0–1.5);
 * - 1.74: 1.5, a maker's trainer's figure for 1.74 on moderate and high minus powers (Eyecare
 *   Business, March 2011); at weak powers 1.74 is then no thinner than 1.67, as in shops.
 * Those sources are a forum thread and a trade magazine's answers, found by search: a shop's
 * own lens list is the figure to trust.
 */
export const LENS_MIN_CENTRE_MM: Readonly<Record<LensIndex, number>> = {
  1.5: 2.0,
  1.56: 1.5,
  1.59: 1.5,
  1.6: 1.2,
  1.67: 1.2,
  1.74: 1.5,
};
/** The thinnest a plus lens is made at its thinnest edge, mm (never edged to a knife edge). */
export const LENS_MIN_EDGE_MM = 1.0;

/** The power in the meridian at `thetaDeg` (TABO). */
export function meridianPower(
  rx: Pick<Prescription, 'sphere' | 'cylinder' | 'axis'>,
  thetaDeg: number,
): number {
  const s = Math.sin(((thetaDeg - rx.axis) * Math.PI) / 180);
  return rx.sphere + rx.cylinder * s * s;
}

/** A surface of `powerD` in index `n`: its radius, mm (Infinity for no power). */
export const surfaceRadiusMm = (powerD: number, n: number): number =>
  (1000 * (n - 1)) / Math.abs(powerD);

/**
 * The sag (mm) of a surface of `powerD` in index `n` at `hMm` from its centre, signed as the
 * power; null where the surface does not reach (hMm at or past its radius: no lens that wide
 * has this power, and no number would be true).
 */
export function signedSag(powerD: number, n: number, hMm: number): number | null {
  if (powerD === 0 || hMm === 0) return 0;
  const r = surfaceRadiusMm(powerD, n);
  if (hMm >= r) return null;
  return Math.sign(powerD) * (r - Math.sqrt(r * r - hMm * hMm));
}

/** How far each lens's optical centre moves nasally from the opening's boxed centre, mm. */
export function decentrationMm(lensMm: number, bridgeMm: number, pdMm: number): number {
  return (lensMm + bridgeMm - pdMm) / 2;
}

/**
 * The share of a minus lens's edge thickness seen from the front as a band inside the rim: its
 * bevel and the view turned through it, seen about 30° off its face (tan 30° ≈ 0.5 of its
 * thickness). A choice of how the picture looks, not a measured optic.
 */
export const EDGE_BAND_SHARE = 0.5;

/**
 * The edge a minus lens shows (null for a plus or plano lens, whose edge is thin): its most
 * minus meridian's surface, its centre at the index's LENS_MIN_CENTRE_MM; the rim's thickness is
 * then the surface's sag there plus the centre (lensThickness, without the decentration).
 */
export function minusEdge(rx: Prescription): LensEdge | null {
  const power = Math.min(rx.sphere, rx.sphere + rx.cylinder);
  if (power >= 0) return null;
  return {
    surfaceRadiusMm: surfaceRadiusMm(power, rx.index),
    centreMm: LENS_MIN_CENTRE_MM[rx.index],
  };
}
