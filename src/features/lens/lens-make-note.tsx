import { useAtomValue } from 'jotai';
import type { CatalogueEntry } from '../../catalogue/manifest';
import { lensFigures } from './lens-figures';
import { prescriptionProblems, type LensIndex } from '../../shared/lens/prescription';
import { fittedFramesAtom, selectedModelAtom } from '../../state/atoms';
import { measuredPdAtom } from '../../state/measured-pd';
import { refusalText } from './lens-words';
import { frameName } from '../../catalogue/frame-name';

/** The form's entry as it stands (lens-control.tsx), not saved yet. */
export interface DraftEntry {
  sphere: number;
  cylinder: number;
  axis: number | null;
  index: number;
  pdMm: number | null;
}

/**
 * Under 镜片折射率 in the form: why the lenses cannot be made for the frame worn, with the entry
 * as it stands (power, index, PD), before it is saved, so another index can be chosen there;
 * nothing while they can, or while the entry is not valid.
 */
export function LensMakeNote(props: { entry: DraftEntry; entries: readonly CatalogueEntry[] }) {
  const selected = useAtomValue(selectedModelAtom);
  const fitted = useAtomValue(fittedFramesAtom);
  const measured = useAtomValue(measuredPdAtom);
  const worn = props.entries.find((e) => e.value === selected);
  const { entry } = props;
  if (!worn || prescriptionProblems(entry).length > 0) return null;
  const rx = { ...entry, axis: entry.axis ?? 0, index: entry.index as LensIndex };
  const lens = lensFigures(fitted[worn.value], rx, measured?.pdMm ?? null)?.lens;
  if (!lens || lens.ok) return null;
  return (
    <span className="lens-problem" role="status" data-refused={lens.reason}>
      {refusalText(`${worn.serialNo} ${frameName(worn)}`, rx.index, lens)}
    </span>
  );
}
