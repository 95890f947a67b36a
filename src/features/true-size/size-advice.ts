/**
 * Which frame widths suit the measured face. Rule of thumb: a frame's front should end where the
 * sides of the face begin at eye level, so that the temples run straight back past them. On
 * MediaPipe's canonical (average) face that is about 90 % of the width between landmarks 127/356
 * (a 139 mm front on the 154.8 mm face); a front within ±6 mm of it suits, a narrower one pinches
 * or looks small, a wider one overhangs.
 */
export const FRAME_TO_FACE_WIDTH = 0.9;
export const SIZE_TOLERANCE_MM = 6;

export type SizeFit = 'fits' | 'narrow' | 'wide';

/** The front width that suits a face `faceWidthMm` wide (at landmarks 127/356). */
export function idealFrameWidth(faceWidthMm: number): number {
  return faceWidthMm * FRAME_TO_FACE_WIDTH;
}

export function sizeFit(frameWidthMm: number, faceWidthMm: number): SizeFit {
  const off = frameWidthMm - idealFrameWidth(faceWidthMm);
  if (off < -SIZE_TOLERANCE_MM) return 'narrow';
  if (off > SIZE_TOLERANCE_MM) return 'wide';
  return 'fits';
}

/**
 * `items` with the best fitting first: by how far each front is from the ideal width; items of
 * unknown width keep their order after the known ones. Stable, and never drops an item.
 */
export function sortByFit<T>(
  items: readonly T[],
  widthOf: (item: T) => number | undefined,
  faceWidthMm: number,
): T[] {
  const ideal = idealFrameWidth(faceWidthMm);
  const distance = (item: T) => {
    const width = widthOf(item);
    return width === undefined ? Infinity : Math.abs(width - ideal);
  };
  return items
    .map((item, index) => ({ item, index, d: distance(item) }))
    .sort((a, b) => a.d - b.d || a.index - b.index)
    .map(({ item }) => item);
}
