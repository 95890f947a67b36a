// Pulls MediaPipe's canonical face mesh (468 vertices, centimetres) out of the
// face_landmarker.task bundle: a zip holding a protobuf with the geometry metadata.
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

const META_ENTRY = 'geometry_pipeline_metadata_landmarks.binarypb';

/** Returns the named entry's bytes from a zip (stored or deflated entries only). */
export function readZipEntry(zip, name) {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip file (no end of central directory)');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let k = 0; k < count; k++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const method = zip.readUInt16LE(p + 10);
    const size = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const entryName = zip.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (entryName !== name) continue;
    // The local header's own name/extra lengths may differ from the central copy.
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + size);
    if (method === 0) return data;
    if (method === 8) return inflateRawSync(data);
    throw new Error(`zip entry ${name}: unsupported compression method ${method}`);
  }
  throw new Error(`zip entry ${name} not found`);
}

/** Decodes one protobuf message into { field: [values] } (raw bytes for length-delimited). */
export function readProto(buf) {
  const fields = {};
  let p = 0;
  const varint = () => {
    let result = 0;
    let mul = 1;
    for (;;) {
      const b = buf[p++];
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 128;
    }
  };
  while (p < buf.length) {
    const key = varint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    let value;
    if (wire === 0) {
      value = varint();
    } else if (wire === 2) {
      const len = varint();
      value = buf.subarray(p, p + len);
      p += len;
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      value = size === 4 ? buf.readFloatLE(p) : buf.subarray(p, p + 8);
      p += size;
    } else {
      throw new Error(`protobuf: unsupported wire type ${wire}`);
    }
    (fields[field] ??= []).push({ wire, value });
  }
  return fields;
}

function packedFloats(entries) {
  const out = [];
  for (const { wire, value } of entries ?? []) {
    if (wire === 5) out.push(value);
    else for (let i = 0; i + 4 <= value.length; i += 4) out.push(value.readFloatLE(i));
  }
  return out;
}

function packedVarints(entries) {
  const out = [];
  for (const { wire, value } of entries ?? []) {
    if (wire === 0) out.push(value);
    else {
      let p = 0;
      while (p < value.length) {
        let v = 0;
        let mul = 1;
        let b;
        do {
          b = value[p++];
          v += (b & 0x7f) * mul;
          mul *= 128;
        } while (b >= 0x80);
        out.push(v);
      }
    }
  }
  return out;
}

/** { vertices: [[x,y,z] x 468], indices: number[] } from a face_landmarker.task file. */
export function loadCanonicalFace(taskPath) {
  const meta = readProto(readZipEntry(readFileSync(taskPath), META_ENTRY));
  const meshBytes = meta[1]?.[0]?.value;
  if (!meshBytes) throw new Error(`${taskPath}: geometry metadata has no canonical mesh`);
  const mesh = readProto(meshBytes);
  const buffer = packedFloats(mesh[3]);
  const indices = packedVarints(mesh[4]);
  const vertices = [];
  // Vertex layout is x, y, z, u, v (vertex_type VERTEX_PT).
  for (let i = 0; i + 5 <= buffer.length; i += 5)
    vertices.push([buffer[i], buffer[i + 1], buffer[i + 2]]);
  if (vertices.length !== 468 || indices.length % 3) {
    throw new Error(
      `${taskPath}: unexpected canonical mesh (${vertices.length} vertices, ${indices.length} indices)`,
    );
  }
  return { vertices, indices };
}
