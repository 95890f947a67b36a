// Why the app refuses a glasses model, in the words the catalogue's operators need. The codes are
// src/shared/glasses-types.ts's GlassesErrorCode; the loader throws them as `code: detail`.

export const REFUSAL_MESSAGES = {
  'too-large': 'the file is larger than the 20 MB the app accepts',
  'too-many-triangles': 'the model has more than 300 000 triangles, too many for a phone',
  'too-demanding':
    'the file declares more mesh data (64 MB) or texture pixels (4096 × 4096 in all) than a phone gives a pair of glasses',
  corrupt: 'the file is not a valid GLB (truncated or damaged)',
  'no-meshes': 'the file holds no mesh that could be the glasses',
  texture: 'a texture could not be decoded',
  decoder: 'the model needs a decoder (Draco, KTX2 or meshopt) that failed or is not supported',
  ambiguous: 'the fit cannot tell which way the glasses face; add a `fit` override',
  'two-pairs': 'the file holds two pairs of glasses: export only one',
  implausible: "the fitted model has no real frame's size or shape (see the reasons)",
};

/**
 * The refusal an error (as it crossed Comlink: name and message) stands for, or null when it is
 * some other failure.
 * @param {string} name
 * @param {string} message
 * @returns {{ code: string, message: string, detail: string } | null}
 */
export function refusal(name, message) {
  if (name !== 'GlassesError') return null;
  const code = message.split(':')[0]?.trim() ?? '';
  if (!(code in REFUSAL_MESSAGES)) return null;
  const known = /** @type {keyof typeof REFUSAL_MESSAGES} */ (code);
  return { code, message: REFUSAL_MESSAGES[known], detail: message.slice(code.length + 1).trim() };
}
