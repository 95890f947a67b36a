/**
 * A JPEG's marker chain, walked without allocating, before image-size reads it. image-size
 * allocates for every segment and steps byte by byte over anything between them, so a crafted
 * header of 4-byte segments took 70–470 ms of the main thread for 512 kB (hostile-fuzz.test.ts);
 * real cameras and editors write a few dozen segments before the frame header (extended XMP
 * splits a megabyte into 16).
 */

/** Segments before the frame header, at most, and stray bytes between segments, at most. */
export const JPEG_MAX_SEGMENTS = 256;
export const JPEG_MAX_STRAY_BYTES = 4096;

const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Whether `bytes`, if a JPEG (FF D8 first), reaches its frame header within the limits above; any
 * other format passes. A JPEG that does not is no photo this app reads, whatever a decoder would
 * make of it.
 */
export function jpegFrameWithinLimits(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return true;
  let at = 2;
  let segments = 0;
  let stray = 0;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) {
      if (++stray > JPEG_MAX_STRAY_BYTES) return false;
      at++;
      continue;
    }
    const marker = bytes[at + 1]!;
    // Fill bytes (FF FF) before a marker.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (isFrameHeader(marker)) return true;
    if (++segments > JPEG_MAX_SEGMENTS) return false;
    at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
  }
  // The frame header is past what was read: image-size says so (no size found).
  return true;
}
