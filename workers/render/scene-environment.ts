import {
  CompressedCubeTexture,
  DataUtils,
  EquirectangularReflectionMapping,
  HalfFloatType,
  LinearFilter,
  LinearMipmapLinearFilter,
  LinearSRGBColorSpace,
  RGBAFormat,
  SRGBColorSpace,
  Texture,
  type CompressedPixelFormat,
  type PMREMGenerator,
} from 'three';
import type { CubeLevel } from './env-prefilter';

/** The environment from an equirectangular picture, prefiltered by three.js on the GPU. */
export function environmentOnGpu(pmrem: PMREMGenerator, image: ImageBitmap): Texture {
  const texture = new Texture(image);
  texture.mapping = EquirectangularReflectionMapping;
  texture.colorSpace = SRGBColorSpace;
  texture.needsUpdate = true;
  const target = pmrem.fromEquirectangular(texture);
  texture.dispose();
  return target.texture;
}

/**
 * The environment from a cube prefiltered on the CPU (env-prefilter.ts): three.js takes a cube
 * texture flagged as a PMREM as it is, mip `lod` being the lobe for that roughness.
 */
export function prefilteredEnvironment(levels: CubeLevel[]): Texture {
  const faces = [0, 1, 2, 3, 4, 5].map((face) => ({
    width: levels[0]!.size,
    height: levels[0]!.size,
    mipmaps: levels.map((level) => ({
      width: level.size,
      height: level.size,
      data: halfFloatRgba(level.faces[face]!),
    })),
  }));
  // Uncompressed RGBA through the compressed-cube path, as three's KTX2Loader does: the only cube
  // texture whose mip chain (base level included) three uploads as given.
  const format = RGBAFormat as unknown as CompressedPixelFormat;
  const texture = new CompressedCubeTexture(faces, format, HalfFloatType);
  texture.isPMREMTexture = true;
  texture.colorSpace = LinearSRGBColorSpace;
  texture.minFilter = LinearMipmapLinearFilter;
  texture.magFilter = LinearFilter;
  texture.generateMipmaps = false;
  texture.needsUpdate = true;
  return texture;
}

function halfFloatRgba(rgb: Float32Array): Uint16Array {
  const out = new Uint16Array((rgb.length / 3) * 4);
  const one = DataUtils.toHalfFloat(1);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    out[j] = DataUtils.toHalfFloat(rgb[i]!);
    out[j + 1] = DataUtils.toHalfFloat(rgb[i + 1]!);
    out[j + 2] = DataUtils.toHalfFloat(rgb[i + 2]!);
    out[j + 3] = one;
  }
  return out;
}
