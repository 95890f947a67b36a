// Simple meshes the corpus adds next to a frame: a ground plane, a box and a dense grid.

/** @typedef {import('@gltf-transform/core').Document} Document */
/** @typedef {import('@gltf-transform/core').Node} GltfNode */

/**
 * Creates a node with one indexed triangle mesh and a plain grey material.
 * @param {Document} doc
 * @param {string} name
 * @param {number[]} positions
 * @param {number[]} normals
 * @param {Uint16Array | Uint32Array} indices
 * @returns {GltfNode}
 */
function addMesh(doc, name, positions, normals, indices) {
  const buffer = doc.getRoot().listBuffers()[0] ?? doc.createBuffer();
  const accessor = (/** @type {'VEC3' | 'SCALAR'} */ type, /** @type {any} */ array) =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const material = doc.createMaterial(`${name}-grey`).setBaseColorFactor([0.5, 0.5, 0.5, 1]);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', new Float32Array(positions)))
    .setAttribute('NORMAL', accessor('VEC3', new Float32Array(normals)))
    .setIndices(accessor('SCALAR', indices))
    .setMaterial(material);
  return doc.createNode(name).setMesh(doc.createMesh(name).addPrimitive(prim));
}

/**
 * A horizontal square, 2 triangles, facing up, centred on the node.
 * @param {Document} doc
 * @param {string} name
 * @param {number} size side (m)
 */
export function addPlane(doc, name, size) {
  const h = size / 2;
  const positions = [-h, 0, -h, h, 0, -h, h, 0, h, -h, 0, h];
  const normals = [0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0];
  return addMesh(doc, name, positions, normals, new Uint16Array([0, 2, 1, 0, 3, 2]));
}

/**
 * A cube with flat faces: 24 vertices, 12 triangles, centred on the node.
 * @param {Document} doc
 * @param {string} name
 * @param {number} size side (m)
 */
export function addBox(doc, name, size) {
  const h = size / 2;
  /** @type {number[]} */
  const positions = [];
  /** @type {number[]} */
  const normals = [];
  /** @type {number[]} */
  const indices = [];
  for (let axis = 0; axis < 3; axis++) {
    for (const sign of [1, -1]) {
      // u, v span the face so that u × v points along the outward normal.
      const u = [0, 0, 0];
      const v = [0, 0, 0];
      u[(axis + 1) % 3] = sign;
      v[(axis + 2) % 3] = 1;
      const base = positions.length / 3;
      for (const [a, b] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ]) {
        for (let i = 0; i < 3; i++) {
          const n = i === axis ? sign : 0;
          positions.push(
            h *
              (n +
                /** @type {number} */ (a) * (u[i] ?? 0) +
                /** @type {number} */ (b) * (v[i] ?? 0)),
          );
          normals.push(n);
        }
      }
      indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
  }
  return addMesh(doc, name, positions, normals, new Uint16Array(indices));
}

/**
 * A flat n × n grid of quads (2n² triangles) in the XY plane, facing +Z, centred on the node.
 * @param {Document} doc
 * @param {string} name
 * @param {number} size side (m)
 * @param {number} n quads per side
 */
export function addGrid(doc, name, size, n) {
  /** @type {number[]} */
  const positions = [];
  /** @type {number[]} */
  const normals = [];
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= n; i++) {
      positions.push((i / n - 0.5) * size, (j / n - 0.5) * size, 0);
      normals.push(0, 0, 1);
    }
  }
  const indices = new Uint32Array(n * n * 6);
  let k = 0;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const a = j * (n + 1) + i;
      const c = a + n + 1;
      indices.set([a, a + 1, c + 1, a, c + 1, c], k);
      k += 6;
    }
  }
  return addMesh(doc, name, positions, normals, indices);
}
