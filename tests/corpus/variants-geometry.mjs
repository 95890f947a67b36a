// Variants that change where the glasses sit, not how the file is encoded: units, axis
// conventions, parent rotations, mirroring, deep hierarchies, merged meshes and scene clutter.
import { getBounds, joinPrimitives, prune, transformMesh } from '@gltf-transform/functions';
import { Matrix4 } from 'three';
import {
  bake,
  finish,
  matrixOf,
  openOriginal,
  product,
  rotX,
  rotY,
  scale,
  translate,
  wrap,
} from './corpus-doc.mjs';
import { addBox, addGrid, addPlane } from './shapes.mjs';

/** @typedef {import('./corpus-doc.mjs').Variant} Variant */

/**
 * @param {Uint8Array} glb
 * @param {string} name
 * @param {Matrix4} matrix baked into the vertices
 */
async function baked(glb, name, matrix) {
  const doc = await openOriginal(glb);
  bake(doc, matrix);
  return finish(doc, name, matrix);
}

/**
 * @param {Uint8Array} glb
 * @param {string} name
 * @param {import('./corpus-doc.mjs').Trs} trs of a new parent node
 */
async function parented(glb, name, trs) {
  const doc = await openOriginal(glb);
  return finish(doc, name, matrixOf(wrap(doc, 'RootNode', trs)));
}

/** Blender's exporter without +Y up: rotated axes above a negative, centimetre scale. */
async function mirroredBlender(/** @type {Uint8Array} */ glb) {
  const doc = await openOriginal(glb);
  const inner = wrap(doc, 'Armature', { s: [100, -100, 100] });
  const outer = wrap(doc, 'RootNode', { r: ['x', -90] });
  return finish(doc, 'mirrored-blender', product(matrixOf(outer), matrixOf(inner)));
}

/**
 * Two offset parents and an empty; each temple also gets its own pivot node at its centre (its
 * vertices moved back by as much), as modelling tools leave hinged parts.
 * @param {Uint8Array} glb
 */
async function nested(glb) {
  const doc = await openOriginal(glb);
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh || !node.getName().startsWith('temple')) continue;
    const { min, max } = getBounds(node);
    const [x = 0, y = 0, z = 0] = min.map((v, i) => (v + (max[i] ?? v)) / 2);
    transformMesh(mesh, translate(-x, -y, -z).elements);
    node.setTranslation([x, y, z]);
  }
  const inner = wrap(doc, 'Offset', { t: [-0.02, 0.05, 0], r: ['z', 20] });
  const outer = wrap(doc, 'Root', { t: [0.3, -0.2, 0.1], r: ['y', 30] });
  outer.addChild(doc.createNode('Empty').setTranslation([0, 0.1, 0]));
  return finish(doc, 'nested', product(matrixOf(outer), matrixOf(inner)));
}

/**
 * One mesh, one primitive, one material, a generic name: what many converters produce.
 * @param {Uint8Array} glb
 */
async function merged(glb) {
  const doc = await openOriginal(glb);
  const root = doc.getRoot();
  const prims = root.listMeshes().flatMap((m) => m.listPrimitives());
  const material = prims[0]?.getMaterial() ?? null;
  for (const prim of prims) {
    prim.setMaterial(material);
    // Morph targets differ between parts; the merged file keeps the rest pose only.
    for (const target of prim.listTargets()) prim.removeTarget(target);
  }
  const joined = joinPrimitives(prims);
  const mesh = doc.createMesh('Object_0').addPrimitive(joined);
  for (const node of root.listNodes()) node.dispose();
  root.listScenes()[0]?.addChild(doc.createNode('Object_0').setMesh(mesh));
  await doc.transform(prune());
  return finish(doc, 'merged', new Matrix4());
}

/**
 * A ground plane under the frame, a box beside it and an empty, as in a product-shot scene.
 * @param {Uint8Array} glb
 */
async function clutter(glb) {
  const doc = await openOriginal(glb);
  const scene = doc.getRoot().listScenes()[0];
  if (!scene) throw new Error('corpus: the original has no scene');
  const { min, max } = getBounds(scene);
  const floor = min[1] - 0.005;
  const plane = addPlane(doc, 'Plane', 0.6).setTranslation([0, floor, (min[2] + max[2]) / 2]);
  const cube = addBox(doc, 'Cube', 0.06).setTranslation([max[0] + 0.2, floor + 0.03, 0]);
  scene.addChild(plane).addChild(cube).addChild(doc.createNode('Empty'));
  return finish(doc, 'clutter', new Matrix4(), ['Plane', 'Cube']);
}

/**
 * A small ornament on the brow (a dense flat plate, more triangles than the rest of the frame),
 * as a Blender export splits a front into rims, lenses and detailed parts: every part touches
 * the front and belongs to the glasses, whatever its size or triangle count.
 * @param {Uint8Array} glb
 */
async function denseDetail(glb) {
  const doc = await openOriginal(glb);
  const scene = doc.getRoot().listScenes()[0];
  if (!scene) throw new Error('corpus: the original has no scene');
  const triangles = doc
    .getRoot()
    .listMeshes()
    .flatMap((m) => m.listPrimitives())
    .reduce((n, p) => n + (p.getIndices()?.getCount() ?? 0) / 3, 0);
  const n = Math.ceil(Math.sqrt(triangles * 0.6));
  const { max } = getBounds(scene);
  const plate = addGrid(doc, 'Ornament', 0.012, n).setTranslation([0.025, max[1] - 0.008, 0]);
  scene.addChild(plate);
  return finish(doc, 'dense-detail', new Matrix4(), [], ['Ornament']);
}

/** @type {['x' | 'y' | 'z', number][]} */
const ROTATIONS = [
  ['x', 90],
  ['x', 180],
  ['y', 90],
  ['y', 180],
  ['z', 90],
  ['z', 180],
];

/**
 * @param {Uint8Array} glb
 * @returns {Promise<Variant>[]}
 */
export function geometryVariants(glb) {
  const zUp = rotX(90); // Y up becomes Z up, the front (+Z) becomes -Y: Blender's convention
  return [
    baked(glb, 'mm', scale(1000)),
    baked(glb, 'cm', scale(100)),
    baked(glb, 'm', scale(1)),
    baked(glb, 'z-up-baked', zUp),
    // Millimetres and Z up together: a CAD export.
    baked(glb, 'z-up-mm', product(scale(1000), zUp)),
    parented(glb, 'z-up-node', { r: ['x', 90] }),
    baked(glb, 'front-minus-z', rotY(180)),
    parented(glb, 'front-plus-z', {}),
    ...ROTATIONS.map(([axis, deg]) => parented(glb, `rot-${axis}${deg}`, { r: [axis, deg] })),
    parented(glb, 'mirrored', { s: [-1, 1, 1] }),
    mirroredBlender(glb),
    nested(glb),
    merged(glb),
    clutter(glb),
    denseDetail(glb),
  ];
}
