import { glassesError } from './glasses-error';

const GLB_MAGIC = 0x46546c67; // 'glTF'
const JSON_CHUNK = 0x4e4f534a; // 'JSON'
const BIN_CHUNK = 0x004e4942; // 'BIN'

export interface GlbHeader {
  extensionsUsed: string[];
  extensionsRequired: string[];
  /** The JSON chunk, parsed, and the binary chunk (as far as the file holds it), for glb-demand.ts. */
  json: Record<string, unknown>;
  bin: Uint8Array | null;
}

/** Reads the JSON chunk of a GLB without parsing the rest: which decoders does it need? */
export function readGlbHeader(bytes: ArrayBuffer): GlbHeader {
  if (bytes.byteLength < 20) throw glassesError('corrupt', 'shorter than a GLB header');
  const view = new DataView(bytes);
  if (view.getUint32(0, true) !== GLB_MAGIC) throw glassesError('corrupt', 'not a GLB file');
  if (view.getUint32(4, true) !== 2) throw glassesError('corrupt', 'not glTF 2.0');
  if (view.getUint32(8, true) > bytes.byteLength) throw glassesError('corrupt', 'truncated');
  const length = view.getUint32(12, true);
  if (view.getUint32(16, true) !== JSON_CHUNK || 20 + length > bytes.byteLength) {
    throw glassesError('corrupt', 'no JSON chunk');
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, 20, length)));
  } catch {
    throw glassesError('corrupt', 'unreadable JSON chunk');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw glassesError('corrupt', 'the JSON chunk is not an object');
  }
  const parsed = json as Record<string, unknown>;
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const at = 20 + length;
  const hasBin = at + 8 <= bytes.byteLength && view.getUint32(at + 4, true) === BIN_CHUNK;
  const binLength = hasBin ? Math.min(view.getUint32(at, true), bytes.byteLength - at - 8) : 0;
  return {
    extensionsUsed: strings(parsed.extensionsUsed),
    extensionsRequired: strings(parsed.extensionsRequired),
    json: parsed,
    bin: hasBin ? new Uint8Array(bytes, at + 8, binLength) : null,
  };
}
