// glTF Transform I/O for the glasses scripts and the test corpus: every extension three's
// GLTFLoader understands, the Draco and meshopt codecs, and a KTX2 (Basis Universal) texture
// encoder. The wasm codecs are loaded once per process and shared.
import { Logger, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, KHRTextureBasisu } from '@gltf-transform/extensions';
import { getTextureColorSpace, listTextureSlots } from '@gltf-transform/functions';
import draco3d from 'draco3dgltf';
import { NodeBasisEncoder } from 'ktx2-encoder';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';

/** @typedef {import('@gltf-transform/core').Document} Document */

/** @type {Promise<Record<string, unknown>> | undefined} */
let codecs;

/**
 * A NodeIO that reads and writes any file the app can show, compressed or not. Documents it
 * reads log at `verbosity` (glTF Transform's default prints every transform's progress).
 * @param {number} [verbosity] a Logger.Verbosity
 */
export async function createNodeIO(verbosity = Logger.Verbosity.ERROR) {
  codecs ??= (async () => {
    await Promise.all([MeshoptEncoder.ready, MeshoptDecoder.ready]);
    return {
      'draco3d.encoder': await draco3d.createEncoderModule(),
      'draco3d.decoder': await draco3d.createDecoderModule(),
      'meshopt.encoder': MeshoptEncoder,
      'meshopt.decoder': MeshoptDecoder,
    };
  })();
  return new NodeIO()
    .setLogger(new Logger(verbosity))
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies(await codecs);
}

/** @type {Promise<NodeBasisEncoder> | undefined} */
let basis;

/**
 * The Basis wasm prints a progress report through console.log on every encode, bound when the
 * module starts; starting it while console.log is muted keeps stdout for the script's report.
 */
function basisEncoder() {
  basis ??= (async () => {
    const encoder = new NodeBasisEncoder();
    const log = console.log;
    console.log = () => {};
    try {
      await encoder.init();
    } finally {
      console.log = log;
    }
    return encoder;
  })();
  return basis;
}

/**
 * Decodes an image to RGBA; KHR_texture_basisu requires sides that are multiples of 4.
 * @param {Uint8Array} image
 */
async function rgbaMultipleOf4(image) {
  const meta = await sharp(image).metadata();
  const width = Math.ceil((meta.width ?? 4) / 4) * 4;
  const height = Math.ceil((meta.height ?? 4) / 4) * 4;
  const { data, info } = await sharp(image)
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/**
 * Converts every PNG/JPEG/WebP texture to KTX2 with KHR_texture_basisu: colour textures as
 * ETC1S in sRGB (small), data textures (normals, roughness) as linear UASTC (no block artefacts
 * in lighting). Unlike ktx2-encoder's own transform, a texture that fails to encode is an error.
 * @param {Document} doc
 */
export async function texturesToKtx2(doc) {
  const encoder = await basisEncoder();
  const textures = doc
    .getRoot()
    .listTextures()
    .filter((t) => ['image/png', 'image/jpeg', 'image/webp'].includes(t.getMimeType()));
  // One at a time: the encoder instance shares one wasm heap.
  for (const texture of textures) {
    const image = texture.getImage();
    if (!image) continue;
    const colour = getTextureColorSpace(texture) === 'srgb';
    const normal = listTextureSlots(texture).includes('normalTexture');
    const pixels = await rgbaMultipleOf4(image);
    const ktx2 = await encoder.encode(image, {
      isUASTC: !colour,
      isNormalMap: normal,
      isPerceptual: colour,
      isSetKTX2SRGBTransferFunc: colour,
      generateMipmap: true,
      qualityLevel: 200,
      needSupercompression: !colour,
      imageDecoder: async () => pixels,
    });
    texture.setImage(ktx2).setMimeType('image/ktx2');
    const uri = texture.getURI();
    if (uri) texture.setURI(uri.replace(/\.\w+$/, '.ktx2'));
  }
  if (textures.length === 0) return;
  doc.createExtension(KHRTextureBasisu).setRequired(true);
  const left = new Set(
    doc
      .getRoot()
      .listTextures()
      .map((t) => t.getMimeType()),
  );
  if (!left.has('image/webp')) doc.disposeExtension('EXT_texture_webp');
}
