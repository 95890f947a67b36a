/**
 * How thick a prescription's lenses get in a frame, or why they cannot be made there (issues 39
 * and 48), on the model of lens-optics.ts: the thickness around the opening's outline from each
 * point's meridian power and distance to the optical centre, and the uncut blank it needs.
 *
 * A lens cannot be made when
 * - its outline reaches farther from the optical centre than a meridian's surface radius (no
 *   real sag: that surface does not get that wide). The model puts the whole power on one
 *   surface; a real lens's steeper surface is steeper still, so such a lens is refused by real
 *   ones too, and some that pass here may still be out of range;
 * - or the uncut blank it is cut from would be wider than MAX_BLANK_MM.
 */

import { LENS_MIN_CENTRE_MM, LENS_MIN_EDGE_MM, meridianPower, signedSag } from './lens-optics';
import type { Prescription } from './prescription';

/**
 * Room the edger needs on the uncut blank past the farthest point of the cut outline, mm: the
 * usual minimum blank size rule (ED + 2 × decentration + 2 mm) adds 2 mm so the bevel is cut
 * into sound lens, clear of the blank's own rim (chips, the moulded edge, the blocking's play).
 */
export const EDGING_ALLOWANCE_MM = 2;
/** The widest uncut blank commonly made, mm (stock blanks run 65–75 mm, a few 80). */
export const MAX_BLANK_MM = 80;

export type Eye = 'right' | 'left';

export interface LensMade {
  ok: true;
  eye: Eye;
  centreMm: number;
  /** At each outline point, in its order. */
  edgesMm: number[];
  thickestEdgeMm: number;
  thinnestEdgeMm: number;
  /** The uncut blank's diameter it needs, mm. */
  blankMm: number;
}

export interface LensRefused {
  ok: false;
  eye: Eye;
  /** 'curve': a meridian's surface does not reach the outline; 'blank': over MAX_BLANK_MM. */
  reason: 'curve' | 'blank';
  blankMm: number;
}

export type LensResult = LensMade | LensRefused;

/**
 * The meridian (TABO degrees) through a point `dx` mm toward the temple and `dy` mm up from the
 * optical centre of `eye`'s lens.
 *
 * The outline is one opening's, x toward its temple: the fit reads the lens on one side (which
 * one depends on the file, workers/fit/lens-outline.ts), the other is its mirror image across
 * the face's middle. TABO reads both eyes' axes from the front, counter-clockwise from the
 * observer's right. The right lens's temple is on the observer's left, so toward the temple is
 * −x to the observer: the meridian is atan2(dy, −dx). The left lens's temple is on the
 * observer's right: atan2(dy, dx), 180° − the right's. The decentration is toward the nose on
 * each, so it mirrors with the outline: in each lens's own temple-up terms the optical centre
 * sits at the same −decentration on x, and one outline and one decentration serve both. The
 * axis does not mirror: sin²(180° − θ − axis) = sin²(θ − (180° − axis)), so the left lens is the
 * right one at axis 180° − axis. With the axis at 90 or 180 the two are alike; so they are on an
 * outline symmetric top to bottom, whose point (dx, −dy) on the right lens, at −θ, has the power
 * the left lens has at (dx, dy), at 180° − θ (sin²(−θ − axis) = sin²(180° − θ − axis)). An
 * oblique axis on an outline that is not (an aviator's drop) makes them differ.
 */
export function meridianDeg(eye: Eye, dx: number, dy: number): number {
  return (Math.atan2(dy, eye === 'right' ? -dx : dx) * 180) / Math.PI;
}

/**
 * `eye`'s lens around `outline` (the opening, mm from its boxed centre: [x, y] pairs, x toward
 * the temple, y up), its optical centre `decentration` mm toward the nose: at least
 * LENS_MIN_CENTRE_MM (its index) at the centre and LENS_MIN_EDGE_MM at the thinnest edge.
 */
export function lensThickness(
  outline: readonly number[],
  decentration: number,
  rx: Prescription,
  eye: Eye,
): LensResult {
  // A lens without power has no optical centre to place: it is cut about the opening's centre.
  const moved = rx.sphere === 0 && rx.cylinder === 0 ? 0 : decentration;
  const sags: number[] = [];
  let farthest = 0;
  let reaches = true;
  for (let i = 0; i + 1 < outline.length; i += 2) {
    const dx = outline[i]! + moved;
    const dy = outline[i + 1]!;
    const h = Math.hypot(dx, dy);
    farthest = Math.max(farthest, h);
    const sag = signedSag(meridianPower(rx, meridianDeg(eye, dx, dy)), rx.index, h);
    if (sag === null) reaches = false;
    else sags.push(sag);
  }
  // The blank is round about the optical centre: it must reach the outline's farthest point.
  const blankMm = 2 * farthest + EDGING_ALLOWANCE_MM;
  if (!reaches) return { ok: false, eye, reason: 'curve', blankMm };
  if (blankMm > MAX_BLANK_MM) return { ok: false, eye, reason: 'blank', blankMm };
  // The thickness at a point is the centre's less the signed sag there.
  const centreMm = Math.max(LENS_MIN_CENTRE_MM[rx.index], ...sags.map((s) => LENS_MIN_EDGE_MM + s));
  const edgesMm = sags.map((s) => centreMm - s);
  return {
    ok: true,
    eye,
    centreMm,
    edgesMm,
    thickestEdgeMm: Math.max(...edgesMm),
    thinnestEdgeMm: Math.min(...edgesMm),
    blankMm,
  };
}

/** A lens's thickest point, mm: a minus lens's thickest edge, a plus lens's centre. */
export const thickestMm = (lens: LensMade): number => Math.max(lens.centreMm, lens.thickestEdgeMm);

/**
 * Both lenses of the one prescription the app keeps for both eyes (the left one mirrored:
 * meridianDeg): the thicker of the two, or why one cannot be made (a surface that does not
 * reach before a blank too wide: no blank would do).
 */
export function thickerLens(
  outline: readonly number[],
  decentration: number,
  rx: Prescription,
): LensResult {
  const pair = [
    lensThickness(outline, decentration, rx, 'right'),
    lensThickness(outline, decentration, rx, 'left'),
  ] as const;
  const refused = pair.filter((lens): lens is LensRefused => !lens.ok);
  if (refused.length > 0) return refused.find((lens) => lens.reason === 'curve') ?? refused[0]!;
  const [right, left] = pair as readonly [LensMade, LensMade];
  return thickestMm(left) > thickestMm(right) ? left : right;
}
