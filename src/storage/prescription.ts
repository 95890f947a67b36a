import { KEY_LENS_TINT, KEY_PRESCRIPTION } from '../shared/storage-constants';
import { NO_TINT, parseTint, type TintChoice } from '../shared/lens/lens-tint';
import { prescriptionProblems, type Prescription } from '../shared/lens/prescription';
import { deleteKey, getJson, putJson } from './model-db';

/**
 * The prescription entered under 镜片, kept on this device only (ModelDB `prescription`:
 * `{ version: 1, sphere, cylinder, axis, index, pdMm }`). What is read back is checked as the
 * form checks an entry: anything else counts as none, and nothing else stored is touched.
 */
export function parsePrescription(data: unknown): Prescription | null {
  if (typeof data !== 'object' || data === null) return null;
  const r = data as Record<string, unknown>;
  const number = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);
  const entry = {
    sphere: number(r.sphere),
    cylinder: number(r.cylinder),
    axis: r.axis === null ? null : number(r.axis),
    index: number(r.index),
    pdMm: r.pdMm === null ? null : number(r.pdMm),
  };
  if (r.version !== 1 || prescriptionProblems(entry).length > 0) return null;
  return { ...entry, axis: entry.axis ?? 0 } as Prescription;
}

export async function loadPrescription(): Promise<Prescription | null> {
  return parsePrescription(await getJson(KEY_PRESCRIPTION));
}

/** False when storage refused the write (kept for this page only). */
export function savePrescription(rx: Prescription): Promise<boolean> {
  return putJson(KEY_PRESCRIPTION, { version: 1, ...rx });
}

export function clearPrescription(): Promise<void> {
  return deleteKey(KEY_PRESCRIPTION);
}

/** The tint and coatings chosen (ModelDB `lensTint`, `{ version: 1, ...choice }`), or the default. */
export async function loadTint(): Promise<TintChoice> {
  const data = (await getJson(KEY_LENS_TINT)) as { version?: unknown } | null;
  return (data?.version === 1 && parseTint(data)) || NO_TINT;
}

export function saveTint(tint: TintChoice): Promise<boolean> {
  return putJson(KEY_LENS_TINT, { version: 1, ...tint });
}
