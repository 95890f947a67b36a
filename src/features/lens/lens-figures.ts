import { decentrationMm } from '../../shared/lens/lens-optics';
import { thickerLens, type LensMade, type LensResult } from '../../shared/lens/lens-thickness';
import { LENS_INDICES, type LensIndex, type Prescription } from '../../shared/lens/prescription';
import type { FittedFrame } from '../../state/atoms';

/**
 * A frame's lenses for a prescription, in the chosen index and in each: the thicker of the two
 * (lens-thickness.ts), or why they cannot be made in it.
 */
export interface LensFigures {
  lens: LensResult;
  byIndex: { index: LensIndex; lens: LensResult }[];
  /** The PD the optical centres were placed at, mm. */
  pdMm: number;
}

/** Whether the lens is shown by its centre (a plus lens) rather than its thickest edge. */
export const isPlus = (rx: Pick<Prescription, 'sphere' | 'cylinder'>): boolean =>
  rx.sphere + rx.cylinder / 2 > 0;

/** The figure a lens is shown by, mm: a plus lens's centre, a minus lens's thickest edge. */
export const shownMm = (lens: LensMade, plus: boolean): number =>
  plus ? lens.centreMm : lens.thickestEdgeMm;

/**
 * The figures for `frame` with `rx`, its optical centres at `pdMm` (the entered PD, else the
 * measured one); null without a lens outline or a PD (nothing is guessed).
 */
export function lensFigures(
  frame: FittedFrame | undefined,
  rx: Prescription,
  measuredPdMm: number | null,
): LensFigures | null {
  const pdMm = rx.pdMm ?? measuredPdMm;
  if (!frame?.outlineMm || pdMm === null) return null;
  const outline = frame.outlineMm;
  const decentration = decentrationMm(frame.lensMm, frame.bridgeMm, pdMm);
  const byIndex = LENS_INDICES.map((index) => ({
    index,
    lens: thickerLens(outline, decentration, { ...rx, index }),
  }));
  const lens = byIndex.find((f) => f.index === rx.index)!.lens;
  return { lens, byIndex, pdMm };
}
