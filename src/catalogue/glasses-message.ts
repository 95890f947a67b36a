import { t, type StringKey } from '../i18n';
import { GLASSES_MAX_BYTES, GLASSES_MAX_TRIANGLES } from '../shared/storage-constants';
import { DeadlinePassed } from '../shared/deadline';
import {
  glassesErrorCode,
  type GlassesErrorCode,
  type GlassesReport,
} from '../shared/glasses-types';
import type { StoredModel } from './model-files';

const KEYS: Record<GlassesErrorCode, StringKey> = {
  'too-large': 'glassesTooLarge',
  'too-many-triangles': 'glassesTooManyTriangles',
  corrupt: 'glassesCorrupt',
  'no-meshes': 'glassesNoMeshes',
  texture: 'glassesTexture',
  decoder: 'glassesDecoder',
  ambiguous: 'glassesAmbiguous',
  'two-pairs': 'glassesTwoPairs',
  implausible: 'glassesImplausible',
};

/**
 * Refusals that are the file's own fault: a stored copy refused so is dropped, and the next tap
 * fetches the published file again. Any other failure (a decoder this device cannot fetch
 * offline, a worker that died or did not answer) keeps the stored copy: it is not to blame.
 */
const FILE_FAULTS: ReadonlySet<GlassesErrorCode> = new Set<GlassesErrorCode>([
  'too-large',
  'too-many-triangles',
  'corrupt',
  'no-meshes',
  'texture',
  'ambiguous',
  'two-pairs',
  'implausible',
]);

export function isFileFault(code: GlassesErrorCode | null): boolean {
  return code !== null && FILE_FAULTS.has(code);
}

/** Why a model cannot be worn, in the user's language, with the limits filled in. */
export function glassesMessage(code: GlassesErrorCode): string {
  return t(KEYS[code], {
    limit: GLASSES_MAX_BYTES / 1024 / 1024,
    wan: GLASSES_MAX_TRIANGLES / 10_000,
    count: GLASSES_MAX_TRIANGLES.toLocaleString('en'),
  });
}

/**
 * Why a worker call about a model failed, in words: its refusal, or the caller's deadline that
 * passed. Null for anything else (a crash), which callers word with its own message.
 */
export function failureReason(error: unknown): string | null {
  const code = glassesErrorCode(error);
  if (code) return glassesMessage(code);
  if (error instanceof DeadlinePassed) return t('checkTimeout', { seconds: error.ms / 1000 });
  return null;
}

/** What a worn model's material file could not give it, or null when it gave everything. */
export function materialMessage(model: StoredModel, report: GlassesReport): string | null {
  if (model.materialsUnusable) return t('materialFileUnusable');
  const count = report.refusedMaterial.length;
  return count > 0 ? t('materialFieldsRefused', { count: String(count) }) : null;
}
