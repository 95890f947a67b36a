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
  'too-demanding': 'glassesTooDemanding',
  corrupt: 'glassesCorrupt',
  'no-meshes': 'glassesNoMeshes',
  texture: 'glassesTexture',
  decoder: 'glassesDecoder',
  ambiguous: 'glassesAmbiguous',
  'two-pairs': 'glassesTwoPairs',
  implausible: 'glassesImplausible',
};

/**
 * Whether a freshly downloaded file that was not worn is stored all the same: only when a decoder
 * this device could not fetch refused it (offline; the file is not to blame, and the next tap
 * needs no second download). A file refused for itself, or one that crashed the worker or outran
 * its deadline (`code` null), is not kept: it may be what took the worker down. A copy already
 * stored is never dropped for a refusal: its bytes passed their hash (model-files.ts), and a
 * refusal may come from the manifest, this version of the app or this machine.
 */
export function storedUnworn(code: GlassesErrorCode | null): boolean {
  return code === 'decoder';
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
