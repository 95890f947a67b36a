// A generated base colour texture for the frame, with the planar UVs it needs: the catalogue
// frames are untextured, and texture handling is where third-party files break most often.
import sharp from 'sharp';

/** @typedef {import('@gltf-transform/core').Document} Document */

/**
 * The material of a named mesh's first primitive.
 * @param {Document} doc
 * @param {string} meshName
 */
export function materialOf(doc, meshName) {
  const mesh = doc
    .getRoot()
    .listMeshes()
    .find((m) => m.getName() === meshName);
  const material = mesh?.listPrimitives()[0]?.getMaterial();
  if (!material) throw new Error(`corpus: mesh ${meshName} has no material`);
  return material;
}

/** A 64×64 RGBA pattern (checks over a gradient) as PNG, the same bytes on every run. */
export async function patternPng() {
  const size = 64;
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const check = ((x >> 3) + (y >> 3)) & 1;
      pixels.set([check ? 200 : 40, x * 4, y * 4, 255], i);
    }
  }
  const png = await sharp(pixels, { raw: { width: size, height: size, channels: 4 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Uint8Array(png);
}

/**
 * Projects every primitive onto the front (XY) plane of the whole model for TEXCOORD_0: all
 * primitives sharing the frame material need the set its texture reads.
 * @param {Document} doc
 */
function addPlanarUvs(doc) {
  const prims = doc
    .getRoot()
    .listMeshes()
    .flatMap((m) => m.listPrimitives());
  const min = [Infinity, Infinity];
  const max = [-Infinity, -Infinity];
  for (const prim of prims) {
    const lo = prim.getAttribute('POSITION')?.getMin([0, 0, 0]) ?? [];
    const hi = prim.getAttribute('POSITION')?.getMax([0, 0, 0]) ?? [];
    for (let k = 0; k < 2; k++) {
      min[k] = Math.min(/** @type {number} */ (min[k]), lo[k] ?? Infinity);
      max[k] = Math.max(/** @type {number} */ (max[k]), hi[k] ?? -Infinity);
    }
  }
  const [x0 = 0, y0 = 0] = min;
  const w = (max[0] ?? 1) - x0 || 1;
  const h = (max[1] ?? 1) - y0 || 1;
  for (const prim of prims) {
    const position = prim.getAttribute('POSITION');
    if (!position) continue;
    const uv = new Float32Array(position.getCount() * 2);
    const p = [0, 0, 0];
    for (let i = 0; i < position.getCount(); i++) {
      position.getElement(i, p);
      uv[i * 2] = ((p[0] ?? 0) - x0) / w;
      uv[i * 2 + 1] = 1 - ((p[1] ?? 0) - y0) / h;
    }
    const accessor = doc.createAccessor().setType('VEC2').setArray(uv);
    prim.setAttribute('TEXCOORD_0', accessor.setBuffer(position.getBuffer()));
  }
}

/**
 * Gives the frame material a base colour texture (the pattern PNG unless other image bytes are
 * given, which are stored as image/png whatever they are).
 * @param {Document} doc
 * @param {Uint8Array} [image]
 */
export async function addBaseColorTexture(doc, image) {
  addPlanarUvs(doc);
  const texture = doc
    .createTexture('frame-pattern')
    .setMimeType('image/png')
    .setImage(image ?? (await patternPng()));
  materialOf(doc, 'frame').setBaseColorTexture(texture).setBaseColorFactor([1, 1, 1, 1]);
  return texture;
}
