/**
 * Prefilters an equirectangular environment into the mip chain three.js expects of a PMREM
 * cube (mip `lod` holds roughness `1 − √(1 − lod/maxLod)`, as PMREMGenerator.lodToRoughness),
 * on the CPU. Why: three r187 always prefilters at a 256 px cube with 256 GGX samples per texel;
 * on software GL (SwiftShader) that is ~3 s of GPU-process work at every start, which freezes the
 * page's painting too (bench/README.md, 'Where a warm start's time goes'). A 64 px cube computed
 * here takes ~0.3 s of this worker's CPU and is plenty for the soft studio reflections; rendered
 * spheres (roughness 0 to 1) differ from three's own PMREM by about one 8-bit level on average.
 */
/** Pixels in sRGB bytes, row 0 at the top of the picture (as ImageData). */
export interface EquirectPixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

interface LinearImage {
  data: Float32Array;
  width: number;
  height: number;
}

export interface CubeLevel {
  size: number;
  /** Six faces in GL order (+X, −X, +Y, −Y, +Z, −Z), each size² × RGB linear floats. */
  faces: Float32Array[];
}

/** Smallest level, as three's LOD_MIN: below 8 px a face cannot hold a lobe. */
export const LOD_MIN = 3;
/** The cube's face size at mip 0: plenty for the soft studio reflections (see above). */
export const ENV_CUBE_SIZE = 64;
const SAMPLES = 64;

/** The picture's pixels, read through a 2D OffscreenCanvas (workers have no DOM). */
export function bitmapPixels(bitmap: ImageBitmap): EquirectPixels {
  const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
  if (!context) throw new Error('no 2D context');
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
}

/** PMREMGenerator.lodToRoughness (r187), which @types/three does not declare yet. */
export function lodToRoughness(lod: number, maxLod: number): number {
  return maxLod > 0 ? 1 - Math.sqrt(1 - lod / maxLod) : 0;
}

/** World direction of texel (x, y) on a GL cube face (row 0 = t 0), as the sampler reads it. */
export function texelDirection(face: number, x: number, y: number, size: number): number[] {
  const s = (2 * (x + 0.5)) / size - 1;
  const t = (2 * (y + 0.5)) / size - 1;
  // GL's cube face layout: major axis, then s and t along the face.
  const d =
    face === 0
      ? [1, -t, -s]
      : face === 1
        ? [-1, -t, s]
        : face === 2
          ? [s, 1, t]
          : face === 3
            ? [s, -1, -t]
            : face === 4
              ? [s, -t, 1]
              : [-s, -t, -1];
  const length = Math.hypot(d[0]!, d[1]!, d[2]!);
  return [d[0]! / length, d[1]! / length, d[2]! / length];
}

const toLinear = (byte: number): number => {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
};

/** Linear RGB equirect images, each half the size of the one before (box filtered). */
function pyramid(source: EquirectPixels, levels: number): LinearImage[] {
  const { width, height, data } = source;
  const base = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i++)
    for (let c = 0; c < 3; c++) base[i * 3 + c] = toLinear(data[i * 4 + c]!);
  const out: LinearImage[] = [{ data: base, width, height }];
  for (let l = 1; l < levels; l++) {
    const prev = out[l - 1]!;
    const w = Math.max(1, prev.width >> 1);
    const h = Math.max(1, prev.height >> 1);
    const next = new Float32Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let dy = 0; dy < 2; dy++)
            for (let dx = 0; dx < 2; dx++) {
              const sx = Math.min(prev.width - 1, x * 2 + dx);
              const sy = Math.min(prev.height - 1, y * 2 + dy);
              sum += prev.data[(sy * prev.width + sx) * 3 + c]!;
            }
          next[(y * w + x) * 3 + c] = sum / 4;
        }
    out.push({ data: next, width: w, height: h });
  }
  return out;
}

/** Bilinear sample of a linear equirect in three's convention (u from atan2(z, x), v up). */
function sample(
  image: { data: Float32Array; width: number; height: number },
  d: number[],
  out: number[],
) {
  const u = Math.atan2(d[2]!, d[0]!) / (2 * Math.PI) + 0.5;
  const v = Math.asin(Math.max(-1, Math.min(1, d[1]!))) / Math.PI + 0.5;
  const fx = u * image.width - 0.5;
  const fy = (1 - v) * image.height - 0.5;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const ax = fx - x0;
  const ay = fy - y0;
  out[0] = out[1] = out[2] = 0;
  for (let j = 0; j < 2; j++)
    for (let i = 0; i < 2; i++) {
      const x = (((x0 + i) % image.width) + image.width) % image.width;
      const y = Math.max(0, Math.min(image.height - 1, y0 + j));
      const w = (i ? ax : 1 - ax) * (j ? ay : 1 - ay);
      const k = (y * image.width + x) * 3;
      out[0] += image.data[k]! * w;
      out[1] += image.data[k + 1]! * w;
      out[2] += image.data[k + 2]! * w;
    }
}

/** Van der Corput radical inverse: the second coordinate of the Hammersley set. */
function radicalInverse(i: number): number {
  let bits = i;
  bits = ((bits << 16) | (bits >>> 16)) >>> 0;
  bits = (((bits & 0x55555555) << 1) | ((bits & 0xaaaaaaaa) >>> 1)) >>> 0;
  bits = (((bits & 0x33333333) << 2) | ((bits & 0xcccccccc) >>> 2)) >>> 0;
  bits = (((bits & 0x0f0f0f0f) << 4) | ((bits & 0xf0f0f0f0) >>> 4)) >>> 0;
  bits = (((bits & 0x00ff00ff) << 8) | ((bits & 0xff00ff00) >>> 8)) >>> 0;
  return bits / 4294967296;
}

/** GGX half-vector samples in tangent space (x, y, z) for one roughness, Hammersley-distributed. */
function lobeSamples(roughness: number): Float32Array {
  const alpha = roughness * roughness;
  const out = new Float32Array(SAMPLES * 3);
  for (let i = 0; i < SAMPLES; i++) {
    const phi = (2 * Math.PI * i) / SAMPLES;
    const e2 = radicalInverse(i);
    const cosTheta = Math.sqrt((1 - e2) / (1 + (alpha * alpha - 1) * e2));
    const sinTheta = Math.sqrt(1 - cosTheta * cosTheta);
    out[i * 3] = sinTheta * Math.cos(phi);
    out[i * 3 + 1] = sinTheta * Math.sin(phi);
    out[i * 3 + 2] = cosTheta;
  }
  return out;
}

/** GGX-convolved radiance around `n` (view = normal, as the PMREM assumes). */
function convolve(source: LinearImage, n: number[], lobe: Float32Array, out: number[]): void {
  const [nx, ny, nz] = n as [number, number, number];
  // A tangent frame around n.
  const [ux, uy, uz] = Math.abs(ny) < 0.999 ? [0, 1, 0] : [1, 0, 0];
  let tx = uy * nz - uz * ny;
  let ty = uz * nx - ux * nz;
  let tz = ux * ny - uy * nx;
  const tl = Math.hypot(tx, ty, tz);
  tx /= tl;
  ty /= tl;
  tz /= tl;
  const bx = ny * tz - nz * ty;
  const by = nz * tx - nx * tz;
  const bz = nx * ty - ny * tx;
  const l = [0, 0, 0];
  const colour = [0, 0, 0];
  let r = 0;
  let g = 0;
  let b = 0;
  let weight = 0;
  for (let i = 0; i < lobe.length; i += 3) {
    const hx = tx * lobe[i]! + bx * lobe[i + 1]! + nx * lobe[i + 2]!;
    const hy = ty * lobe[i]! + by * lobe[i + 1]! + ny * lobe[i + 2]!;
    const hz = tz * lobe[i]! + bz * lobe[i + 1]! + nz * lobe[i + 2]!;
    const vDotH2 = 2 * lobe[i + 2]!; // n · h is the sample's cos θ
    l[0] = vDotH2 * hx - nx;
    l[1] = vDotH2 * hy - ny;
    l[2] = vDotH2 * hz - nz;
    const nDotL = nx * l[0] + ny * l[1] + nz * l[2];
    if (nDotL <= 0) continue;
    sample(source, l, colour);
    r += colour[0]! * nDotL;
    g += colour[1]! * nDotL;
    b += colour[2]! * nDotL;
    weight += nDotL;
  }
  out[0] = weight > 0 ? r / weight : 0;
  out[1] = weight > 0 ? g / weight : 0;
  out[2] = weight > 0 ? b / weight : 0;
}

/** The prefiltered cube: `size` px at mip 0 down to 8 px. */
export function prefilterEquirect(image: EquirectPixels, size = ENV_CUBE_SIZE): CubeLevel[] {
  const maxLod = Math.log2(size) - LOD_MIN;
  // One equirect level per cube level (4 faces span the width at each).
  const sources = pyramid(image, maxLod + 1);
  const levels: CubeLevel[] = [];
  const colour = [0, 0, 0];
  for (let lod = 0; lod <= maxLod; lod++) {
    const faceSize = size >> lod;
    const roughness = lodToRoughness(lod, maxLod);
    const lobe = lobeSamples(roughness);
    const source = sources[lod]!;
    const faces: Float32Array[] = [];
    for (let face = 0; face < 6; face++) {
      const pixels = new Float32Array(faceSize * faceSize * 3);
      for (let y = 0; y < faceSize; y++)
        for (let x = 0; x < faceSize; x++) {
          const d = texelDirection(face, x, y, faceSize);
          if (roughness === 0) sample(source, d, colour);
          else convolve(source, d, lobe, colour);
          pixels.set(colour, (y * faceSize + x) * 3);
        }
      faces.push(pixels);
    }
    levels.push({ size: faceSize, faces });
  }
  return levels;
}
