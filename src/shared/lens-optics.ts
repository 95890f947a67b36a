/**
 * A prescription lens in a frame (issue 39): how thick its edge gets, and how much it scales the
 * eyes behind it. One module for the page (the figures it shows) and the worker (the picture).
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
 *   front, counter-clockwise from the observer's right).
 * - A minus lens is at least LENS_MIN_CENTRE_MM at its centre, a plus lens at least
 *   LENS_MIN_EDGE_MM at its thinnest edge (shops' usual minima; theirs may differ).
 */

import type { Prescription } from './prescription';
import type { LensEdge } from './try-on-types';

/** The thinnest a minus lens is made at its centre, and a plus lens at its edge, mm. */
export const LENS_MIN_CENTRE_MM = 1.5;
export const LENS_MIN_EDGE_MM = 1.0;
/** From the lens's back to the eye, mm (a typical fit). */
export const VERTEX_DISTANCE_MM = 12;

/** The power in the meridian at `thetaDeg` (TABO). */
export function meridianPower(
  rx: Pick<Prescription, 'sphere' | 'cylinder' | 'axis'>,
  thetaDeg: number,
): number {
  const s = Math.sin(((thetaDeg - rx.axis) * Math.PI) / 180);
  return rx.sphere + rx.cylinder * s * s;
}

/** The sag (mm) of a surface of `powerD` in index `n` at `hMm` from its centre, signed as the power. */
export function signedSag(powerD: number, n: number, hMm: number): number {
  if (powerD === 0 || hMm === 0) return 0;
  const r = (1000 * (n - 1)) / Math.abs(powerD);
  // Past the radius the surface does not reach: the lens cannot be made that wide.
  const sag = hMm >= r ? r : r - Math.sqrt(r * r - hMm * hMm);
  return Math.sign(powerD) * sag;
}

/** How far each lens's optical centre moves nasally from the opening's boxed centre, mm. */
export function decentrationMm(lensMm: number, bridgeMm: number, pdMm: number): number {
  return (lensMm + bridgeMm - pdMm) / 2;
}

export interface LensThickness {
  centreMm: number;
  /** At each outline point, in its order. */
  edgesMm: number[];
  thickestEdgeMm: number;
  thinnestEdgeMm: number;
}

/**
 * The lens's thickness around `outline` (the opening, mm from its boxed centre: [x, y] pairs, x
 * toward the temple, y up), its optical centre `decentration` mm toward the nose.
 */
export function lensThickness(
  outline: readonly number[],
  decentration: number,
  rx: Prescription,
): LensThickness {
  const sags: number[] = [];
  for (let i = 0; i + 1 < outline.length; i += 2) {
    // From the optical centre (at x = −decentration), in the observer's view of the right lens:
    // its right is the wearer's nose, i.e. −x.
    const dx = outline[i]! + decentration;
    const dy = outline[i + 1]!;
    const theta = (Math.atan2(dy, -dx) * 180) / Math.PI;
    sags.push(signedSag(meridianPower(rx, theta), rx.index, Math.hypot(dx, dy)));
  }
  // The thickness at a point is the centre's less the signed sag there.
  const centreMm = Math.max(LENS_MIN_CENTRE_MM, ...sags.map((s) => LENS_MIN_EDGE_MM + s));
  const edgesMm = sags.map((s) => centreMm - s);
  return {
    centreMm,
    edgesMm,
    thickestEdgeMm: Math.max(...edgesMm),
    thinnestEdgeMm: Math.min(...edgesMm),
  };
}

/**
 * How much the lens scales what is seen through it (spectacle magnification's power factor,
 * 1 / (1 − d F), at VERTEX_DISTANCE_MM, for the spherical equivalent S + C/2): under 1 a minus
 * lens shrinks the eyes, over 1 a plus lens enlarges them. The shape factor (< 1 % for thin
 * lenses) is left out.
 */
export function eyeMagnification(rx: Pick<Prescription, 'sphere' | 'cylinder'>): number {
  const power = rx.sphere + rx.cylinder / 2;
  return 1 / (1 - (VERTEX_DISTANCE_MM / 1000) * power);
}

/**
 * The share of a minus lens's edge thickness seen from the front as a band inside the rim: its
 * bevel and the view turned through it, seen about 30° off its face (tan 30° ≈ 0.5 of its
 * thickness). A choice of how the picture looks, not a measured optic.
 */
export const EDGE_BAND_SHARE = 0.5;

/**
 * The edge a minus lens shows (null for a plus or plano lens, whose edge is thin): its most
 * minus meridian's surface, its centre at LENS_MIN_CENTRE_MM; the rim's thickness is then the
 * surface's sag there plus the centre (lensThickness, without the decentration).
 */
export function minusEdge(rx: Prescription): LensEdge | null {
  const power = Math.min(rx.sphere, rx.sphere + rx.cylinder);
  if (power >= 0) return null;
  return { surfaceRadiusMm: (1000 * (rx.index - 1)) / -power, centreMm: LENS_MIN_CENTRE_MM };
}
