// Variants that keep the glasses where they are but store them the ways real files do:
// compressed geometry, textures in every format the app may meet, sparse accessors and the
// material extensions of realistic lenses.
import {
  KHRMaterialsClearcoat,
  KHRMaterialsIOR,
  KHRMaterialsPBRSpecularGlossiness,
  KHRMaterialsTransmission,
  KHRTextureTransform,
} from '@gltf-transform/extensions';
import { draco, meshopt, quantize, textureCompress } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';
import { Matrix4 } from 'three';
import { texturesToKtx2 } from '../../scripts/lib/gltf-node-io.mjs';
import { finish, openOriginal } from './corpus-doc.mjs';
import { addBaseColorTexture, materialOf } from './texture.mjs';

/** @typedef {import('@gltf-transform/core').Document} Document */
/** @typedef {import('./corpus-doc.mjs').Variant} Variant */

/**
 * @param {Uint8Array} glb
 * @param {string} name
 * @param {(doc: Document) => unknown} change
 */
async function encoded(glb, name, change) {
  const doc = await openOriginal(glb);
  await change(doc);
  return finish(doc, name, new Matrix4());
}

/**
 * A morph target that lifts the top rim by 1 mm, stored sparse (only the lifted vertices are in
 * the file), and a temple whose POSITION accessor itself is stored sparse over a zero base.
 * @param {Document} doc
 */
function addSparse(doc) {
  const root = doc.getRoot();
  const frame = root.listMeshes().find((m) => m.getName() === 'frame');
  if (!frame) throw new Error('corpus: the original has no frame mesh');
  const positions = frame.listPrimitives().map((prim) => prim.getAttribute('POSITION'));
  const top = Math.max(...positions.map((a) => a?.getMax([0, 0, 0])[1] ?? -Infinity));
  for (const prim of frame.listPrimitives()) {
    const position = prim.getAttribute('POSITION');
    if (!position) continue;
    const delta = new Float32Array(position.getCount() * 3);
    const p = [0, 0, 0];
    for (let i = 0; i < position.getCount(); i++) {
      if ((position.getElement(i, p)[1] ?? 0) > top - 0.004) delta[i * 3 + 1] = 0.001;
    }
    const accessor = doc.createAccessor().setType('VEC3').setArray(delta);
    accessor.setBuffer(position.getBuffer()).setSparse(true);
    prim.addTarget(doc.createPrimitiveTarget('rimLift').setAttribute('POSITION', accessor));
  }
  // Weights at rest: the variant's geometry is the original's.
  const count = frame.listPrimitives()[0]?.listTargets().length ?? 0;
  const weights = frame.getWeights();
  frame.setWeights(Array.from({ length: count }, (_, i) => weights[i] ?? 0));
  const temple = root.listMeshes().find((m) => m.getName().startsWith('temple'));
  temple?.listPrimitives()[0]?.getAttribute('POSITION')?.setSparse(true);
}

/**
 * Clear-coated, transmissive lenses with the index of refraction of CR-39 plastic.
 * @param {Document} doc
 */
function lensMaterials(doc) {
  const lens = materialOf(doc, 'lenses');
  const clearcoat = doc.createExtension(KHRMaterialsClearcoat).createClearcoat();
  lens.setExtension(
    'KHR_materials_clearcoat',
    clearcoat.setClearcoatFactor(1).setClearcoatRoughnessFactor(0.05),
  );
  const transmission = doc.createExtension(KHRMaterialsTransmission).createTransmission();
  lens.setExtension('KHR_materials_transmission', transmission.setTransmissionFactor(0.9));
  const ior = doc.createExtension(KHRMaterialsIOR).createIOR();
  lens.setExtension('KHR_materials_ior', ior.setIOR(1.5));
}

/** The frame's colour, as a spec-gloss exporter writes it (its base colour is left white). */
export const SPEC_GLOSS_DIFFUSE = [0.8, 0.1, 0.1, 1];

/**
 * An older exporter's material: KHR_materials_pbrSpecularGlossiness on the frame, the colour in
 * its diffuse factor only. Read without the extension, the frame would be white.
 * @param {Document} doc
 */
function specGloss(doc) {
  const frame = materialOf(doc, 'frame').setBaseColorFactor([1, 1, 1, 1]);
  const sg = doc.createExtension(KHRMaterialsPBRSpecularGlossiness).createPBRSpecularGlossiness();
  frame.setExtension(
    'KHR_materials_pbrSpecularGlossiness',
    sg
      .setDiffuseFactor(SPEC_GLOSS_DIFFUSE)
      .setSpecularFactor([0.04, 0.04, 0.04])
      .setGlossinessFactor(0.6),
  );
}

/**
 * @param {Document} doc
 */
function textureTransform(doc) {
  const info = materialOf(doc, 'frame').getBaseColorTextureInfo();
  if (!info) throw new Error('corpus: the frame has no base colour texture');
  const transform = doc.createExtension(KHRTextureTransform).createTransform();
  info.setExtension(
    'KHR_texture_transform',
    transform
      .setOffset([0.25, 0.5])
      .setScale([2, 2])
      .setRotation(Math.PI / 6),
  );
}

/**
 * @param {Uint8Array} glb
 * @returns {Promise<Variant>[]}
 */
export function encodingVariants(glb) {
  return [
    encoded(glb, 'draco', (doc) => doc.transform(draco({ method: 'edgebreaker' }))),
    encoded(glb, 'meshopt', async (doc) => {
      await MeshoptEncoder.ready;
      await doc.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
    }),
    encoded(glb, 'quantized', (doc) => doc.transform(quantize())),
    encoded(glb, 'webp', async (doc) => {
      await addBaseColorTexture(doc);
      await doc.transform(textureCompress({ encoder: sharp, targetFormat: 'webp' }));
    }),
    encoded(glb, 'ktx2', async (doc) => {
      await addBaseColorTexture(doc);
      await texturesToKtx2(doc);
    }),
    encoded(glb, 'texture-transform', async (doc) => {
      await addBaseColorTexture(doc);
      textureTransform(doc);
    }),
    encoded(glb, 'sparse', addSparse),
    encoded(glb, 'materials', lensMaterials),
    encoded(glb, 'spec-gloss', specGloss),
  ];
}
