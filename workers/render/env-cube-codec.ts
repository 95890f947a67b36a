import { LOD_MIN, type CubeLevel } from './env-prefilter';

/**
 * The prefiltered environment cube as bytes the page keeps in ModelDB, so a start after the first
 * skips the CPU prefilter (0.3–0.5 s of the render thread on a 2-core machine). The page stores
 * the bytes as they are; only this module reads them. A record is used only when it was made
 * from the very same picture (SHA-256 of the PNG) by this version of the prefilter, and holds
 * exactly the levels a cube of that size has, every value finite: anything else is recomputed.
 *
 * Layout: "ENVC", format version, cube size (u32 LE each), the picture's 32-byte digest, then
 * the levels' faces as float32 LE, level by level, face by face.
 */
const MAGIC = 0x43564e45; // "ENVC" read as a little-endian u32
/** Bump whenever env-prefilter.ts changes what it computes. */
export const ENV_CUBE_FORMAT = 1;
const HEADER_BYTES = 12 + 32;

function levelSizes(size: number): number[] {
  const sizes: number[] = [];
  for (let s = size; s >= 1 << LOD_MIN; s >>= 1) sizes.push(s);
  return sizes;
}

function floatCount(size: number): number {
  return levelSizes(size).reduce((sum, s) => sum + 6 * s * s * 3, 0);
}

export async function pictureDigest(picture: Blob): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', await picture.arrayBuffer()));
}

export function encodeCube(levels: readonly CubeLevel[], digest: Uint8Array): ArrayBuffer {
  const size = levels[0]?.size ?? 0;
  const bytes = new ArrayBuffer(HEADER_BYTES + floatCount(size) * 4);
  const view = new DataView(bytes);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, ENV_CUBE_FORMAT, true);
  view.setUint32(8, size, true);
  new Uint8Array(bytes, 12, 32).set(digest);
  const floats = new Float32Array(bytes, HEADER_BYTES);
  let at = 0;
  for (const level of levels)
    for (const face of level.faces) {
      floats.set(face, at);
      at += face.length;
    }
  return bytes;
}

/** The cube in `bytes`, or null unless they are a whole, current record made from `digest`. */
export function decodeCube(
  bytes: ArrayBuffer,
  digest: Uint8Array,
  size: number,
): CubeLevel[] | null {
  if (bytes.byteLength !== HEADER_BYTES + floatCount(size) * 4) return null;
  const view = new DataView(bytes);
  if (view.getUint32(0, true) !== MAGIC) return null;
  if (view.getUint32(4, true) !== ENV_CUBE_FORMAT || view.getUint32(8, true) !== size) return null;
  const stored = new Uint8Array(bytes, 12, 32);
  if (digest.length !== 32 || stored.some((byte, i) => byte !== digest[i])) return null;
  // Copied out (one aligned buffer per face), so the record's buffer may be dropped.
  const floats = new Float32Array(bytes.slice(HEADER_BYTES));
  for (const value of floats) if (!Number.isFinite(value) || value < 0) return null;
  let at = 0;
  return levelSizes(size).map((s) => ({
    size: s,
    faces: Array.from({ length: 6 }, () => {
      const face = floats.subarray(at, at + s * s * 3);
      at += s * s * 3;
      return face;
    }),
  }));
}
