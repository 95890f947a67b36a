import { GLASSES_MAX_BYTES } from '../shared/storage-constants';
import { parseFrameSize, type FitOverride } from '../shared/glasses-types';
import { checkFitOverride } from './fit-override';
import { checkFields, type EntryFields } from './manifest-fields';

/**
 * A glasses model entry from `others/manifest.json` (docs/behaviour.md §3), plus optional
 * integrity data.
 */
export interface CatalogueEntry extends EntryFields {
  /**
   * The frame's name in the app (its storage, statuses, 收藏, the frame worn): its GLB's path;
   * where the manifest lists that GLB more than once, each with its own material file (one model
   * in several colours), the path, `#` and the entry's material file (nothing after `#` for the
   * one without), whatever their order. The file is modelPath's.
   */
  value: string;
  /** The GLB's path, where `value` is not it. */
  path?: string;
  serialNo: string;
  text: string;
  previewIcon?: string;
  materialParameter?: string;
  size?: number;
  sha256?: string;
  /** The operator's fit override for a model the automatic fit gets wrong. */
  fit?: FitOverride;
  /** The front's width, mm (size advice); the fit's own measure once worn when absent. */
  frameWidthMm?: number;
  /** Boxing size as shops write it, `52□18-140`: checked against the model, and its scale when
   *  the file states no unit. */
  frameSize?: string;
}

export interface ValidationResult {
  entries: CatalogueEntry[];
  rejected: { index: number; reason: string }[];
  /** Entries past MAX_ENTRIES: not read, and said (never dropped without a word). */
  overLimit: number;
}

const MAX_TEXT = 40;
/** Fronts from a child's 90 mm to the widest sunglasses. */
const FRAME_WIDTH_MM = { min: 60, max: 300 } as const;
const MAX_PATH = 200;
/** A big shop's whole catalogue (issue 51 asks for 5 000); what is past it is counted and said. */
export const MAX_ENTRIES = 10_000;
/** Relative paths on the asset origin only: no scheme, no host, no `..`, no backslashes. */
const SAFE_PATH = /^(?!\/)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._\-/]+$/;

function checkPath(value: unknown, extensions: readonly string[]): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_PATH)
    return 'not a path';
  if (!SAFE_PATH.test(value)) return 'path leaves the asset origin';
  if (!extensions.some((ext) => value.toLowerCase().endsWith(ext))) return 'wrong file type';
  return null;
}

function checkEntry(raw: unknown): CatalogueEntry | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not an object';
  const e = raw as Record<string, unknown>;
  const valueError = checkPath(e.value, ['.glb']);
  if (valueError) return `value: ${valueError}`;
  const serialNo = typeof e.serialNo === 'number' ? String(e.serialNo) : e.serialNo;
  if (typeof serialNo !== 'string' || !serialNo || serialNo.length > 16) return 'serialNo';
  if (typeof e.text !== 'string' || !e.text.trim() || e.text.length > MAX_TEXT) return 'text';
  const entry: CatalogueEntry = { value: e.value as string, serialNo, text: e.text.trim() };
  if (e.previewIcon !== undefined) {
    const error = checkPath(e.previewIcon, ['.svg', '.png', '.jpg', '.jpeg', '.webp']);
    if (error) return `previewIcon: ${error}`;
    entry.previewIcon = e.previewIcon as string;
  }
  if (e.materialParameter !== undefined) {
    const error = checkPath(e.materialParameter, ['.json']);
    if (error) return `materialParameter: ${error}`;
    entry.materialParameter = e.materialParameter as string;
  }
  if (e.size !== undefined) {
    if (
      !Number.isInteger(e.size) ||
      (e.size as number) <= 0 ||
      (e.size as number) > GLASSES_MAX_BYTES
    )
      return 'size';
    entry.size = e.size as number;
  }
  if (e.sha256 !== undefined) {
    if (typeof e.sha256 !== 'string' || !/^[0-9a-f]{64}$/i.test(e.sha256)) return 'sha256';
    entry.sha256 = e.sha256.toLowerCase();
  }
  if (e.fit !== undefined) {
    const fit = checkFitOverride(e.fit);
    if (typeof fit === 'string') return `fit: ${fit}`;
    entry.fit = fit;
  }
  if (e.frameWidthMm !== undefined) {
    const width = e.frameWidthMm;
    if (typeof width !== 'number' || !(width >= FRAME_WIDTH_MM.min && width <= FRAME_WIDTH_MM.max))
      return 'frameWidthMm';
    entry.frameWidthMm = width;
  }
  if (e.frameSize !== undefined) {
    if (typeof e.frameSize !== 'string' || !parseFrameSize(e.frameSize)) return 'frameSize';
    entry.frameSize = e.frameSize;
  }
  const fields = checkFields(e, __EMBED_ORIGINS__);
  if (typeof fields === 'string') return fields;
  return { ...entry, ...fields };
}

/** The GLB file an entry wears (its `value` names the entry). */
export const modelPath = (entry: Pick<CatalogueEntry, 'value' | 'path'>): string =>
  entry.path ?? entry.value;

/** Whether a stored record's key names a model (a `value`), not a material file or another. */
export const isModelValue = (key: string): boolean => /\.glb(?:#|$)/i.test(key);

/**
 * Each entry named as its `value` says: the entries that share a GLB with other material files
 * get `path#material` (a path holds no `#`, so no name is both), and one that lists a GLB with
 * the material file of an entry before it is a duplicate (null).
 */
function namedApart(entries: readonly CatalogueEntry[]): (CatalogueEntry | null)[] {
  const materials = new Map<string, Set<string>>();
  const first = entries.map((entry) => {
    const listed = materials.get(entry.value) ?? new Set<string>();
    materials.set(entry.value, listed);
    const material = entry.materialParameter ?? '';
    if (listed.has(material)) return false;
    listed.add(material);
    return true;
  });
  return entries.map((entry, i) => {
    if (!first[i]) return null;
    if (materials.get(entry.value)!.size === 1) return entry;
    return {
      ...entry,
      path: entry.value,
      value: `${entry.value}#${entry.materialParameter ?? ''}`,
    };
  });
}

/** Keeps every valid entry, skips (and explains) the rest; never throws, whatever the input. */
export function validateManifest(json: unknown): ValidationResult {
  const result: ValidationResult = { entries: [], rejected: [], overLimit: 0 };
  if (!Array.isArray(json)) {
    result.rejected.push({ index: -1, reason: 'manifest is not an array' });
    return result;
  }
  result.overLimit = Math.max(0, json.length - MAX_ENTRIES);
  const checked: { index: number; entry: CatalogueEntry }[] = [];
  json.slice(0, MAX_ENTRIES).forEach((raw: unknown, index) => {
    const entry = checkEntry(raw);
    if (typeof entry === 'string') result.rejected.push({ index, reason: entry });
    else checked.push({ index, entry });
  });
  const named = namedApart(checked.map((c) => c.entry));
  checked.forEach(({ index }, k) => {
    const entry = named[k];
    if (entry) result.entries.push(entry);
    else result.rejected.push({ index, reason: 'duplicate value' });
  });
  // In the manifest's order, as each entry was read.
  result.rejected.sort((a, b) => a.index - b.index);
  return result;
}
