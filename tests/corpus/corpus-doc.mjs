// Shared steps of the corpus makers: open the original frame, re-parent or bake it, and write a
// variant together with the matrix that says where every original point went.
import { transformMesh } from '@gltf-transform/functions';
import { Matrix4 } from 'three';
import { readGlb } from '../../scripts/lib/glb-container.mjs';
import { createNodeIO } from '../../scripts/lib/gltf-node-io.mjs';

/** @typedef {import('@gltf-transform/core').Document} Document */
/** @typedef {import('@gltf-transform/core').Node} GltfNode */

/**
 * @typedef {object} Variant
 * @property {string} name
 * @property {Uint8Array} glb
 * @property {number[]} transform 16 numbers, column-major (three's Matrix4.elements): original
 *   model space (metres, Y up, front +Z) to the variant's world space, in the variant's units.
 * @property {boolean} mirrored the transform has a negative determinant
 * @property {string[]} extensions the variant's glTF extensionsUsed
 * @property {string[]} clutter names of the meshes that are not part of the glasses
 * @property {string[]} added names of meshes added to the glasses (not in the original)
 */

/**
 * Opens the original frame for one variant. The markers in the root's extras are dropped: a
 * third-party file has none, and a fit that read them would pass every variant for free.
 * @param {Uint8Array} glb
 * @returns {Promise<Document>}
 */
export async function openOriginal(glb) {
  const doc = await (await createNodeIO()).readBinary(glb);
  for (const node of doc.getRoot().listNodes()) {
    // Baking into vertices equals a world transform only if every node is at identity.
    if (!new Matrix4().fromArray(node.getMatrix()).equals(new Matrix4())) {
      throw new Error(
        `corpus: node ${node.getName()} is not at identity; expected a catalogue GLB`,
      );
    }
    node.setExtras({});
  }
  return doc;
}

/**
 * @typedef {object} Trs a node's local transform as exporters write it
 * @property {[number, number, number]} [t] translation
 * @property {['x' | 'y' | 'z', number]} [r] rotation: axis and degrees
 * @property {[number, number, number]} [s] scale
 */

/**
 * Puts everything in the scene under one new node with the given local transform.
 * @param {Document} doc
 * @param {string} name
 * @param {Trs} trs
 * @returns {GltfNode}
 */
export function wrap(doc, name, trs) {
  const scene = doc.getRoot().listScenes()[0];
  if (!scene) throw new Error('corpus: the original has no scene');
  const parent = doc.createNode(name);
  if (trs.t) parent.setTranslation(trs.t);
  if (trs.r) parent.setRotation(quaternion(...trs.r));
  if (trs.s) parent.setScale(trs.s);
  for (const child of scene.listChildren()) parent.addChild(child);
  scene.addChild(parent);
  return parent;
}

/**
 * @param {'x' | 'y' | 'z'} axis
 * @param {number} deg
 * @returns {[number, number, number, number]}
 */
function quaternion(axis, deg) {
  const half = (deg * Math.PI) / 360;
  const q = [0, 0, 0, Math.cos(half)];
  q['xyz'.indexOf(axis)] = Math.sin(half);
  return /** @type {[number, number, number, number]} */ (tidy(q));
}

/**
 * A node's local matrix, composed from its TRS the way every glTF reader does.
 * @param {GltfNode} node
 */
export const matrixOf = (node) => new Matrix4().fromArray(node.getMatrix());

/**
 * Bakes a matrix into every mesh's vertices (normals and morph targets follow), as an exporter
 * converting units or axes does.
 * @param {Document} doc
 * @param {Matrix4} matrix
 */
export function bake(doc, matrix) {
  for (const mesh of doc.getRoot().listMeshes()) transformMesh(mesh, matrix.elements);
}

/**
 * Writes the variant and reads back what the file itself declares.
 * @param {Document} doc
 * @param {string} name
 * @param {Matrix4} transform
 * @param {string[]} [clutter]
 * @param {string[]} [added]
 * @returns {Promise<Variant>}
 */
export async function finish(doc, name, transform, clutter = [], added = []) {
  const glb = await (await createNodeIO()).writeBinary(doc);
  const { json } = readGlb(glb);
  return {
    name,
    glb,
    transform: tidy(transform.elements),
    mirrored: transform.determinant() < 0,
    extensions: [...(json.extensionsUsed ?? [])].sort(),
    clutter,
    added,
  };
}

/** Rotation matrices in degrees, exact for multiples of 90°. */
export const rotX = (deg = 0) => new Matrix4().makeRotationX((deg * Math.PI) / 180);
export const rotY = (deg = 0) => new Matrix4().makeRotationY((deg * Math.PI) / 180);
export const scale = (x = 1, y = x, z = x) => new Matrix4().makeScale(x, y, z);
export const translate = (x = 0, y = 0, z = 0) => new Matrix4().makeTranslation(x, y, z);
/** @param {...Matrix4} ms left to right, i.e. the last one applies first */
export const product = (...ms) => ms.reduce((a, b) => a.multiply(b), new Matrix4());

/**
 * Snaps cos(90°)-style noise to exact values so declared transforms read cleanly.
 * @template {number[]} T
 * @param {T} values
 * @returns {T}
 */
function tidy(values) {
  return /** @type {T} */ (
    values.map((v) => {
      const r = Math.round(v);
      return Math.abs(v - r) < 1e-12 ? r : v;
    })
  );
}
