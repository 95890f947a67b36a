import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CatalogueEntry } from '../../catalogue/manifest';
import { usePrescription } from './use-prescription';
import { t, type StringKey } from '../../i18n';
import {
  CYLINDER_RANGE_D,
  LENS_INDICES,
  prescriptionProblems,
  SPHERE_RANGE_D,
  type LensIndex,
  type PrescriptionProblem,
} from '../../shared/lens/prescription';
import { useToast } from '../../state/toast';
import { measuredPdAtom } from '../../state/measured-pd';
import { TintFields } from './tint-fields';
import type { TintChoice } from '../../shared/lens/lens-tint';
import { LensMakeNote, type DraftEntry } from './lens-make-note';
import { formatPower, indexName, powers } from './lens-words';

const PROBLEM_TEXT: Record<PrescriptionProblem, StringKey> = {
  'sphere-range': 'lensProblemSphereRange',
  'sphere-step': 'lensProblemSphereStep',
  'cylinder-range': 'lensProblemCylinderRange',
  'cylinder-step': 'lensProblemCylinderStep',
  'axis-missing': 'lensProblemAxisMissing',
  'axis-range': 'lensProblemAxisRange',
  index: 'lensProblemIndex',
  'pd-range': 'lensProblemPd',
};

interface Draft {
  sphere: string;
  cylinder: string;
  axis: string;
  index: string;
  pd: string;
  tint: TintChoice;
}

/** The draft's fields as numbers (an empty axis or PD: not given). */
const entryOf = (draft: Draft): DraftEntry => ({
  sphere: Number(draft.sphere),
  cylinder: Number(draft.cylinder),
  axis: draft.axis.trim() === '' ? null : Number(draft.axis),
  index: Number(draft.index),
  pdMm: draft.pd.trim() === '' ? null : Number(draft.pd),
});

/**
 * 镜片: the prescription form (a modal dialog): sphere, cylinder and axis, lens index (under it,
 * whether the worn frame's lenses can be made in it) and PD (the measured one offered, with its
 * uncertainty). Checked on 保存 (each problem by its field); 清除处方 removes it from the device.
 */
export function LensControl({ entries }: { entries: readonly CatalogueEntry[] }) {
  const { prescription, tint, loaded, save, clear } = usePrescription();
  const measure = useAtomValue(measuredPdAtom);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<PrescriptionProblem[]>([]);
  const dialog = useRef<HTMLDialogElement>(null);
  const toast = useToast();
  useEffect(() => {
    if (draft && !dialog.current?.open) dialog.current?.showModal();
  }, [draft]);
  const open = () => {
    const measured = measure ? (Math.round(measure.pdMm * 2) / 2).toFixed(1) : '';
    setProblems([]);
    setDraft({
      sphere: String(prescription?.sphere ?? 0),
      cylinder: String(prescription?.cylinder ?? 0),
      axis: prescription?.cylinder ? String(prescription.axis) : '',
      index: String(prescription?.index ?? 1.6),
      pd: prescription?.pdMm != null ? String(prescription.pdMm) : measured,
      tint,
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const entry = entryOf(draft);
    const found = prescriptionProblems(entry);
    setProblems(found);
    if (found.length > 0) return;
    const rx = { ...entry, axis: entry.axis ?? 0, index: entry.index as LensIndex };
    void save(rx, draft.tint).then((kept) => toast(t(kept ? 'lensSaved' : 'lensSaveFailed')));
    dialog.current?.close();
  };
  const field = (name: Exclude<keyof Draft, 'tint'>) => ({
    value: draft?.[name] ?? '',
    onChange: (event: { target: { value: string } }) =>
      setDraft((d) => d && { ...d, [name]: event.target.value }),
  });
  const said = (codes: PrescriptionProblem[]) =>
    problems.filter((p) => codes.includes(p)).map((p) => t(PROBLEM_TEXT[p]));
  const noteOf = (codes: PrescriptionProblem[]) =>
    said(codes).map((text) => (
      <span key={text} className="lens-problem" role="alert">
        {text}
      </span>
    ));
  return (
    <>
      <button
        type="button"
        className="lens-open"
        aria-haspopup="dialog"
        aria-pressed={prescription !== null}
        disabled={!loaded}
        onClick={open}
      >
        {t('lenses')}
      </button>
      {draft ? (
        <dialog
          ref={dialog}
          className="lens-dialog"
          aria-labelledby="lens-title"
          onClose={() => setDraft(null)}
        >
          <h2 id="lens-title">{t('lensTitle')}</h2>
          <p className="lens-note">{t('lensPreviewOnly')}</p>
          <form onSubmit={submit} noValidate>
            <label>
              {t('lensSphere')}
              <select name="sphere" {...field('sphere')}>
                {powers(SPHERE_RANGE_D).map((d) => (
                  <option key={d} value={d}>
                    {formatPower(d)}
                  </option>
                ))}
              </select>
              {noteOf(['sphere-range', 'sphere-step'])}
            </label>
            <label>
              {t('lensCylinder')}
              <select name="cylinder" {...field('cylinder')}>
                {powers(CYLINDER_RANGE_D).map((d) => (
                  <option key={d} value={d}>
                    {d === 0 ? t('lensNone') : formatPower(d)}
                  </option>
                ))}
              </select>
              {noteOf(['cylinder-range', 'cylinder-step'])}
            </label>
            <label>
              {t('lensAxis')}
              <input
                name="axis"
                inputMode="numeric"
                disabled={Number(draft.cylinder) === 0}
                {...field('axis')}
              />
              {noteOf(['axis-missing', 'axis-range'])}
            </label>
            <label>
              {t('lensIndex')}
              <select name="index" {...field('index')}>
                {LENS_INDICES.map((n) => (
                  <option key={n} value={n}>
                    {indexName(n)}
                  </option>
                ))}
              </select>
              {noteOf(['index'])}
              <LensMakeNote entry={entryOf(draft)} entries={entries} />
            </label>
            <label>
              {t('lensPd')}
              <input name="pd" inputMode="decimal" {...field('pd')} />
              <span className="lens-hint">
                {measure
                  ? t('lensPdMeasured', {
                      pd: measure.pdMm.toFixed(1),
                      error: measure.errorMm.toFixed(1),
                    })
                  : t('lensPdUnknown')}
              </span>
              {noteOf(['pd-range'])}
            </label>
            <TintFields tint={draft.tint} onChange={(next) => setDraft({ ...draft, tint: next })} />
            <div className="lens-actions">
              <button type="submit" className="primary">
                {t('lensSave')}
              </button>
              <button
                type="button"
                disabled={prescription === null}
                onClick={() => {
                  void clear().then(() => toast(t('lensCleared')));
                  dialog.current?.close();
                }}
              >
                {t('lensClear')}
              </button>
              <button type="button" onClick={() => dialog.current?.close()}>
                {t('lensCancel')}
              </button>
            </div>
          </form>
        </dialog>
      ) : null}
    </>
  );
}
