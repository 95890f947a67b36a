import { decentrationMm, lensThickness } from '../shared/lens-optics';
import { LENS_INDICES, type LensIndex, type Prescription } from '../shared/prescription';
import type { GlassesReport } from '../shared/glasses-types';
import type { FittedFrame } from '../state/atoms';

/** A frame's lenses for a prescription: the thickest edge (and centre) in each index, mm. */
export interface LensFigures {
  thickestEdgeMm: number;
  centreMm: number;
  byIndex: { index: LensIndex; thickestEdgeMm: number; centreMm: number }[];
  /** The PD the optical centres were placed at, mm. */
  pdMm: number;
}

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
  const byIndex = LENS_INDICES.map((index) => {
    const t = lensThickness(outline, decentration, { ...rx, index });
    return { index, thickestEdgeMm: t.thickestEdgeMm, centreMm: t.centreMm };
  });
  const chosen = byIndex.find((f) => f.index === rx.index)!;
  return { thickestEdgeMm: chosen.thickestEdgeMm, centreMm: chosen.centreMm, byIndex, pdMm };
}

/** What a fit report tells of a frame's lens openings (kept per frame: fittedFramesAtom). */
export const fittedFrameOf = (report: GlassesReport): FittedFrame => ({
  widthMm: report.widthMm,
  lensMm: report.frameSize.lensMm,
  bridgeMm: report.frameSize.bridgeMm,
  outlineMm: report.lensOutlineMm,
});
