import { t, type StringKey } from '../i18n';
import { GLASSES_MAX_BYTES, GLASSES_MAX_TRIANGLES } from '../shared/storage-constants';
import type { GlassesErrorCode } from '../shared/glasses-types';

const KEYS: Record<GlassesErrorCode, StringKey> = {
  'too-large': 'glassesTooLarge',
  'too-many-triangles': 'glassesTooManyTriangles',
  corrupt: 'glassesCorrupt',
  'no-meshes': 'glassesNoMeshes',
  texture: 'glassesTexture',
  decoder: 'glassesDecoder',
  ambiguous: 'glassesAmbiguous',
};

/** Why a model cannot be worn, in the user's language, with the limits filled in. */
export function glassesMessage(code: GlassesErrorCode): string {
  return t(KEYS[code], {
    limit: GLASSES_MAX_BYTES / 1024 / 1024,
    wan: GLASSES_MAX_TRIANGLES / 10_000,
    count: GLASSES_MAX_TRIANGLES.toLocaleString('en'),
  });
}
