import { selectAtom } from 'jotai/utils';
import { pipelineStatsAtom } from '../state/atoms';

/** The measured PD and its uncertainty to 0.1 mm, or null: re-renders only when those change. */
export const measuredPdAtom = selectAtom(
  pipelineStatsAtom,
  (stats) => {
    const measure = stats?.worker?.measure;
    if (!measure) return null;
    return {
      pdMm: Math.round(measure.pdMm * 10) / 10,
      errorMm: Math.round(Math.max(0.5, measure.pdErrorMm) * 10) / 10,
    };
  },
  (a, b) => a === b || (a !== null && b !== null && a.pdMm === b.pdMm && a.errorMm === b.errorMm),
);
