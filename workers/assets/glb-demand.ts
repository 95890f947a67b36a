import { imageSize } from 'image-size';
import {
  GLASSES_MAX_MESH_BYTES,
  GLASSES_MAX_TEXTURE_PIXELS,
  GLASSES_MAX_TRIANGLES,
} from '../../src/shared/storage-constants';
import { glassesError } from './glasses-error';

/**
 * What a GLB will ask of memory, read from its JSON chunk before any parser runs: three
 * allocates every accessor whole (count × element size, zero-filled when no buffer view backs
 * it) and decodes every image at full size, so a 1 KB file could ask for gigabytes and take the
 * worker down. Counts are what the file declares; a file that lies smaller fails in the parser.
 */
export interface GlbDemand {
  /** Bytes of every accessor (sparse ones whole, as three makes them). */
  meshBytes: number;
  /** Triangles of each mesh counted once (a mesh drawn twice counts twice after parsing). */
  triangles: number;
  /** Pixels of every embedded image whose header can be read (PNG, JPEG, WebP, KTX2). */
  texturePixels: number;
}

const COMPONENTS: Record<string, number> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};
const COMPONENT_BYTES: Record<number, number> = {
  5120: 1,
  5121: 1,
  5122: 2,
  5123: 2,
  5125: 4,
  5126: 4,
};
const TRIANGLES = 4;
const STRIP = 5;
const FAN = 6;

type Json = Record<string, unknown>;
/** A JSON array's objects, each at its own index (an item that is no object reads as empty). */
const list = (value: unknown): Json[] =>
  Array.isArray(value)
    ? value.map((v): Json => (typeof v === 'object' && v !== null ? (v as Json) : {}))
    : [];
/** A declared count or offset: a non-negative integer, or the file is damaged. */
function count(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw glassesError('corrupt', `${what} is not a count`);
  }
  return value;
}

/** The accessor's element count, or 0 when there is none at that index. */
function accessorCount(accessors: Json[], index: unknown): number {
  if (index === undefined) return 0;
  const accessor = accessors[count(index, 'an accessor index')];
  return accessor ? count(accessor.count, 'an accessor count') : 0;
}

function meshBytes(accessors: Json[]): number {
  let bytes = 0;
  for (const accessor of accessors) {
    const components = COMPONENTS[String(accessor.type)];
    const size = COMPONENT_BYTES[Number(accessor.componentType)];
    if (!components || !size) throw glassesError('corrupt', 'an accessor of no known type');
    bytes += count(accessor.count, 'an accessor count') * components * size;
  }
  return bytes;
}

function triangles(json: Json, accessors: Json[]): number {
  let total = 0;
  for (const mesh of list(json.meshes)) {
    for (const primitive of list(mesh.primitives)) {
      const attributes = (primitive.attributes ?? {}) as Json;
      const n =
        primitive.indices !== undefined
          ? accessorCount(accessors, primitive.indices)
          : accessorCount(accessors, attributes.POSITION);
      const mode = primitive.mode ?? TRIANGLES;
      if (mode === TRIANGLES) total += Math.floor(n / 3);
      else if (mode === STRIP || mode === FAN) total += Math.max(0, n - 2);
    }
  }
  return total;
}

/** Embedded images only: one a URI names is fetched by nothing here (it is dropped). */
function texturePixels(json: Json, bin: Uint8Array | null): number {
  const views = list(json.bufferViews);
  let pixels = 0;
  for (const image of list(json.images)) {
    if (image.bufferView === undefined || !bin) continue;
    const view = views[count(image.bufferView, 'an image view')];
    if (!view) continue;
    const start = view.byteOffset === undefined ? 0 : count(view.byteOffset, 'a view offset');
    const end = start + count(view.byteLength, 'a view length');
    if (end > bin.byteLength) throw glassesError('corrupt', 'an image past the end of the file');
    try {
      const { width, height } = imageSize(bin.subarray(start, end));
      pixels += (width ?? 0) * (height ?? 0);
    } catch {
      // An unreadable image is the decoder's to drop, as a broken texture is (texture-dropped).
    }
  }
  return pixels;
}

export function glbDemand(json: Json, bin: Uint8Array | null): GlbDemand {
  const accessors = list(json.accessors);
  return {
    meshBytes: meshBytes(accessors),
    triangles: triangles(json, accessors),
    texturePixels: texturePixels(json, bin),
  };
}

/** Refuses, before any parsing, a file that asks for more than a phone gives a pair of glasses. */
export function checkGlbDemand(json: Json, bin: Uint8Array | null): GlbDemand {
  const demand = glbDemand(json, bin);
  if (demand.triangles > GLASSES_MAX_TRIANGLES) {
    throw glassesError('too-many-triangles', `${demand.triangles} triangles declared`);
  }
  if (demand.meshBytes > GLASSES_MAX_MESH_BYTES) {
    throw glassesError('too-demanding', `${demand.meshBytes} bytes of mesh data declared`);
  }
  if (demand.texturePixels > GLASSES_MAX_TEXTURE_PIXELS) {
    throw glassesError('too-demanding', `${demand.texturePixels} texture pixels`);
  }
  return demand;
}
