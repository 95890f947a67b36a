import { glassesError } from './glasses-error';

type Json = Record<string, unknown>;

/** The JSON chunk's lists that other parts point into by index. */
const LISTS = [
  'scenes',
  'nodes',
  'meshes',
  'accessors',
  'bufferViews',
  'buffers',
  'images',
  'textures',
  'samplers',
  'materials',
  'skins',
  'cameras',
  'animations',
] as const;
type List = (typeof LISTS)[number];

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list's items, each an object, or the file is damaged (`what` names where it was found). */
function objects(value: unknown, what: string): Json[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every(isObject)) {
    throw glassesError('corrupt', `${what} is not a list of objects`);
  }
  return value;
}

/** Whether `value` is an index of a list of `size` items. */
const indexIn = (value: unknown, size: number): boolean =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < size;

/**
 * Refuses a GLB whose JSON chunk points at what is not there (a node's child, a view's buffer, an
 * accessor's view, a material's texture…) or holds a list item that is no object, before three's
 * GLTFLoader reads it. The loader throws on these synchronously part-way through a loop, after it
 * has started loading the items before (a buffer view with no buffer, while a node's children
 * load), and those loads then fail with nothing awaiting them: unhandled rejections
 * (hostile-fuzz.test.ts, 'a view with no buffer'). Only the core schema's
 * references are checked; an extension's own are its plugin's, except the textures' image
 * sources (KHR_texture_basisu, EXT_texture_webp…), which the loader reads the same way.
 */
export function checkGlbReferences(json: Json): void {
  const sizes = {} as Record<List, number>;
  const items = {} as Record<List, Json[]>;
  for (const name of LISTS) {
    items[name] = objects(json[name], name);
    sizes[name] = items[name].length;
  }
  const point = (list: List, value: unknown, what: string, required = false) => {
    if (value === undefined && !required) return;
    if (!indexIn(value, sizes[list])) {
      throw glassesError('corrupt', `${what} points to no item of ${list}`);
    }
  };
  const pointAll = (list: List, value: unknown, what: string) => {
    if (value === undefined) return;
    if (!Array.isArray(value)) throw glassesError('corrupt', `${what} is not a list`);
    for (const index of value) point(list, index, what, true);
  };
  const attributes = (value: unknown, what: string) => {
    if (!isObject(value)) throw glassesError('corrupt', `${what} is not an object`);
    for (const index of Object.values(value)) point('accessors', index, what, true);
  };
  const texture = (info: unknown, what: string) => {
    if (info === undefined) return;
    if (!isObject(info)) throw glassesError('corrupt', `${what} is not an object`);
    point('textures', info.index, what, true);
  };

  point('scenes', json.scene, 'the scene');
  for (const scene of items.scenes) pointAll('nodes', scene.nodes, 'a scene');
  for (const node of items.nodes) {
    pointAll('nodes', node.children, "a node's children");
    point('meshes', node.mesh, "a node's mesh");
    point('skins', node.skin, "a node's skin");
    point('cameras', node.camera, "a node's camera");
  }
  for (const mesh of items.meshes) {
    for (const primitive of objects(mesh.primitives, "a mesh's primitives")) {
      attributes(primitive.attributes, "a primitive's attributes");
      point('accessors', primitive.indices, "a primitive's indices");
      point('materials', primitive.material, "a primitive's material");
      for (const target of objects(primitive.targets, "a primitive's targets"))
        attributes(target, 'a morph target');
    }
  }
  for (const accessor of items.accessors) {
    point('bufferViews', accessor.bufferView, "an accessor's view");
    if (accessor.sparse === undefined) continue;
    const sparse = isObject(accessor.sparse) ? accessor.sparse : {};
    for (const part of [sparse.indices, sparse.values])
      point('bufferViews', isObject(part) ? part.bufferView : undefined, 'a sparse view', true);
  }
  for (const view of items.bufferViews) point('buffers', view.buffer, "a view's buffer", true);
  for (const image of items.images) point('bufferViews', image.bufferView, "an image's view");
  for (const { source, sampler, extensions } of items.textures) {
    point('images', source, "a texture's image");
    point('samplers', sampler, "a texture's sampler");
    for (const extension of Object.values(isObject(extensions) ? extensions : {}))
      if (isObject(extension)) point('images', extension.source, "a texture's image");
  }
  for (const material of items.materials) {
    const pbr = isObject(material.pbrMetallicRoughness) ? material.pbrMetallicRoughness : {};
    texture(pbr.baseColorTexture, "a material's colour");
    texture(pbr.metallicRoughnessTexture, "a material's metal and roughness");
    texture(material.normalTexture, "a material's normals");
    texture(material.occlusionTexture, "a material's occlusion");
    texture(material.emissiveTexture, "a material's glow");
  }
  for (const skin of items.skins) {
    pointAll('nodes', skin.joints, "a skin's joints");
    point('accessors', skin.inverseBindMatrices, "a skin's matrices");
    point('nodes', skin.skeleton, "a skin's root");
  }
  for (const animation of items.animations) {
    const samplers = objects(animation.samplers, "an animation's samplers");
    for (const channel of objects(animation.channels, "an animation's channels")) {
      const { sampler, target } = channel;
      if (!indexIn(sampler, samplers.length))
        throw glassesError('corrupt', 'a channel points to no sampler');
      point('nodes', isObject(target) ? target.node : undefined, "a channel's node");
    }
    for (const sampler of samplers) {
      point('accessors', sampler.input, "a sampler's input", true);
      point('accessors', sampler.output, "a sampler's output", true);
    }
  }
}
