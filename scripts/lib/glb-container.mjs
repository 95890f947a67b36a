// The GLB container (header + JSON chunk + optional BIN chunk) read and written by hand, so that
// a broken file is described in one plain sentence before any glTF library sees it, and so the
// test corpus can build files that are broken on purpose.

const MAGIC_GLTF = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/**
 * @typedef {{ json: any, bin: Uint8Array | null }} GlbParts
 */

/** Thrown when bytes are not a readable GLB; `message` is the reason, ready for a sentence. */
export class GlbFormatError extends Error {}

/**
 * Splits a GLB into its parsed JSON and its binary chunk, checking every length on the way.
 * @param {Uint8Array} bytes
 * @returns {GlbParts}
 */
export function readGlb(bytes) {
  if (bytes.byteLength < 12) throw new GlbFormatError('unexpected end of data');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC_GLTF) throw new GlbFormatError('no glTF header');
  const version = view.getUint32(4, true);
  if (version !== 2) throw new GlbFormatError(`glTF version ${version}, expected 2`);
  const length = view.getUint32(8, true);
  if (length > bytes.byteLength) throw new GlbFormatError('unexpected end of data');
  /** @type {any} */
  let json;
  /** @type {Uint8Array | null} */
  let bin = null;
  let offset = 12;
  while (offset < length) {
    if (offset + 8 > length) throw new GlbFormatError('unexpected end of data');
    const chunkLength = view.getUint32(offset, true);
    const chunkType = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + chunkLength > length) throw new GlbFormatError('unexpected end of data');
    const data = bytes.subarray(start, start + chunkLength);
    if (json === undefined) {
      if (chunkType !== CHUNK_JSON) throw new GlbFormatError('first chunk is not JSON');
      json = parseJsonChunk(data);
    } else if (chunkType === CHUNK_BIN && bin === null) {
      bin = data;
    }
    offset = start + chunkLength;
  }
  if (json === undefined) throw new GlbFormatError('no JSON chunk');
  return { json, bin };
}

/** @param {Uint8Array} data */
function parseJsonChunk(data) {
  let json;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    throw new GlbFormatError('broken JSON chunk');
  }
  if (typeof json !== 'object' || json === null || typeof json.asset !== 'object') {
    throw new GlbFormatError('JSON chunk has no glTF asset');
  }
  return json;
}

/**
 * Builds a GLB from a JSON object and an optional binary chunk (both padded to 4 bytes).
 * @param {unknown} json
 * @param {Uint8Array | null} [bin]
 * @returns {Uint8Array}
 */
export function writeGlb(json, bin = null) {
  return writeGlbRaw(new TextEncoder().encode(JSON.stringify(json)), bin);
}

/**
 * Like writeGlb with the JSON chunk given as bytes, which need not be valid JSON.
 * @param {Uint8Array} jsonBytes
 * @param {Uint8Array | null} [bin]
 * @returns {Uint8Array}
 */
export function writeGlbRaw(jsonBytes, bin = null) {
  const jsonLength = pad4(jsonBytes.byteLength);
  const binLength = bin ? pad4(bin.byteLength) : 0;
  const total = 12 + 8 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC_GLTF, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, CHUNK_JSON, true);
  out.fill(0x20, 20, 20 + jsonLength); // JSON chunks are padded with spaces
  out.set(jsonBytes, 20);
  if (bin) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, CHUNK_BIN, true);
    out.set(bin, at + 8);
  }
  return out;
}

/** @param {number} n */
const pad4 = (n) => Math.ceil(n / 4) * 4;
