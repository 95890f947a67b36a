// A small glTF 2.0 binary writer. Hand-rolled rather than three's GLTFExporter because the
// exporter needs browser globals (FileReader, canvas) in Node and its output layout is
// not guaranteed byte-stable across three releases; ours is deterministic by construction.

const FLOAT = 5126;
const UINT16 = 5123;
const UINT32 = 5125;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;

function minMax(arr) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < arr.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      min[c] = Math.min(min[c], arr[i + c]);
      max[c] = Math.max(max[c], arr[i + c]);
    }
  }
  // Round-trip through float32 so the bounds match the stored values exactly.
  return { min: Array.from(Float32Array.from(min)), max: Array.from(Float32Array.from(max)) };
}

/**
 * meshes: [{ name, positions: Float32Array, normals: Float32Array, indices: number[],
 *            material: number, targets?: [{ name, positions: Float32Array }] }]
 * materials: glTF material objects; root: { name, extras }.
 * Every mesh gets its own child node (same name) under a single root node.
 */
export function writeGlb({ meshes, materials, root, generator = 'glasses-catalogue' }) {
  const chunks = [];
  let byteLength = 0;
  const bufferViews = [];
  const accessors = [];

  function addView(typed, target) {
    const bytes = new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength);
    chunks.push(bytes);
    bufferViews.push({ buffer: 0, byteOffset: byteLength, byteLength: bytes.byteLength, target });
    byteLength += bytes.byteLength;
    const pad = (4 - (byteLength % 4)) % 4;
    if (pad) {
      chunks.push(new Uint8Array(pad));
      byteLength += pad;
    }
    return bufferViews.length - 1;
  }

  function addVec3(arr, withBounds) {
    const view = addView(arr, ARRAY_BUFFER);
    accessors.push({
      bufferView: view,
      componentType: FLOAT,
      count: arr.length / 3,
      type: 'VEC3',
      ...(withBounds ? minMax(arr) : {}),
    });
    return accessors.length - 1;
  }

  /**
   * Morph deltas are mostly zero on one side of the face, so they are stored sparse when
   * that is smaller, and as a bufferView-less (all zeros) accessor when nothing moves.
   */
  function addDelta(arr) {
    const count = arr.length / 3;
    const moved = [];
    for (let i = 0; i < count; i++) {
      if (arr[i * 3] || arr[i * 3 + 1] || arr[i * 3 + 2]) moved.push(i);
    }
    if (moved.length * 14 >= count * 12) return addVec3(arr, true);
    const accessor = { componentType: FLOAT, count, type: 'VEC3', ...minMax(arr) };
    if (moved.length) {
      const values = new Float32Array(moved.length * 3);
      moved.forEach((v, k) => values.set(arr.subarray(v * 3, v * 3 + 3), k * 3));
      accessor.sparse = {
        count: moved.length,
        indices: { bufferView: addView(Uint16Array.from(moved)), componentType: UINT16 },
        values: { bufferView: addView(values) },
      };
    }
    accessors.push(accessor);
    return accessors.length - 1;
  }

  const gltfMeshes = meshes.map((m) => {
    const vertexCount = m.positions.length / 3;
    const indices = vertexCount < 65536 ? Uint16Array.from(m.indices) : Uint32Array.from(m.indices);
    const primitive = {
      attributes: { POSITION: addVec3(m.positions, true), NORMAL: addVec3(m.normals, false) },
      indices: -1,
      material: m.material,
      mode: 4,
    };
    const view = addView(indices, ELEMENT_ARRAY_BUFFER);
    accessors.push({
      bufferView: view,
      componentType: indices instanceof Uint16Array ? UINT16 : UINT32,
      count: indices.length,
      type: 'SCALAR',
    });
    primitive.indices = accessors.length - 1;
    const mesh = { name: m.name, primitives: [primitive] };
    if (m.targets?.length) {
      primitive.targets = m.targets.map((t) => ({ POSITION: addDelta(t.positions) }));
      mesh.weights = m.targets.map(() => 0);
      // three's GLTFLoader (and most viewers) read morph names from extras.targetNames.
      mesh.extras = { targetNames: m.targets.map((t) => t.name) };
    }
    return mesh;
  });

  const nodes = [
    {
      name: root.name,
      children: meshes.map((_, i) => i + 1),
      ...(root.extras ? { extras: root.extras } : {}),
    },
    ...meshes.map((m, i) => ({ name: m.name, mesh: i })),
  ];

  const json = {
    asset: { version: '2.0', generator },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes,
    meshes: gltfMeshes,
    materials,
    accessors,
    bufferViews,
    buffers: [{ byteLength }],
  };

  const jsonBytes = Buffer.from(JSON.stringify(json), 'utf8');
  const jsonPad = (4 - (jsonBytes.length % 4)) % 4;
  const jsonChunk = Buffer.concat([jsonBytes, Buffer.alloc(jsonPad, 0x20)]);
  const bin = Buffer.concat(chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength)));

  const header = Buffer.alloc(12);
  const total = 12 + 8 + jsonChunk.length + 8 + bin.length;
  header.writeUInt32LE(0x46546c67, 0); // "glTF"
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const jsonHead = Buffer.alloc(8);
  jsonHead.writeUInt32LE(jsonChunk.length, 0);
  jsonHead.writeUInt32LE(0x4e4f534a, 4); // "JSON"
  const binHead = Buffer.alloc(8);
  binHead.writeUInt32LE(bin.length, 0);
  binHead.writeUInt32LE(0x004e4942, 4); // "BIN\0"
  return Buffer.concat([header, jsonHead, jsonChunk, binHead, bin]);
}

/** Reads the JSON chunk back (used by tests and sanity checks). */
export function readGlbJson(buf) {
  if (buf.readUInt32LE(0) !== 0x46546c67) throw new Error('not a GLB');
  const len = buf.readUInt32LE(12);
  return JSON.parse(buf.subarray(20, 20 + len).toString('utf8'));
}

/** sRGB hex colour to glTF's linear baseColorFactor. */
export function linearRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    const l = s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    return Math.round(l * 10000) / 10000;
  });
}
