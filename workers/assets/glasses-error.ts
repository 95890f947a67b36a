import { GLASSES_ERROR_NAME, type GlassesErrorCode } from '../../src/shared/glasses-types';

/** A refused model: the name and the leading code survive Comlink's error transfer. */
export function glassesError(code: GlassesErrorCode, detail: string): Error {
  const error = new Error(`${code}: ${detail}`);
  error.name = GLASSES_ERROR_NAME;
  return error;
}
