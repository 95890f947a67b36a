// Files the app must refuse, each with the reason it should give (GlassesErrorCode), and files it
// must still wear, saying what it left out (a fit reason code in `warns`).
import { getBounds, prune } from '@gltf-transform/functions';
import sharp from 'sharp';
import { GLASSES_MAX_BYTES, GLASSES_MAX_TRIANGLES } from '../../scripts/lib/glasses-limits.mjs';
import { readGlb, writeGlb, writeGlbRaw } from '../../scripts/lib/glb-container.mjs';
import { createNodeIO } from '../../scripts/lib/gltf-node-io.mjs';
import { openOriginal } from './corpus-doc.mjs';
import { addGrid } from './shapes.mjs';
import { addBaseColorTexture } from './texture.mjs';

/**
 * @typedef {object} BadFile
 * @property {string} name
 * @property {Uint8Array} bytes
 * @property {'corrupt' | 'no-meshes' | 'too-large' | 'too-many-triangles' | 'too-demanding' | 'two-pairs' | null} expected
 *   the refusal; null: worn
 * @property {'texture-dropped'} [warns] what a worn file must say it left out
 */

/** @typedef {import('@gltf-transform/core').Document} Document */

/**
 * Deterministic bytes (mulberry32), so a failure reproduces.
 * @param {number} length
 * @param {number} seed
 */
function noise(length, seed) {
  const out = new Uint8Array(length);
  let a = seed;
  for (let i = 0; i < length; i++) {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out[i] = (t ^ (t >>> 14)) & 0xff;
  }
  return out;
}

/** @param {Document} doc */
const write = async (doc) => (await createNodeIO()).writeBinary(doc);

/**
 * A well-formed container whose JSON chunk stops halfway through.
 * @param {Uint8Array} glb
 */
function brokenJson(glb) {
  const { json, bin } = readGlb(glb);
  const text = new TextEncoder().encode(JSON.stringify(json));
  return writeGlbRaw(text.subarray(0, Math.floor(text.length / 2)), bin);
}

/**
 * The original's node tree with every mesh removed: a valid file with nothing to show.
 * @param {Uint8Array} glb
 */
async function noMeshes(glb) {
  const doc = await openOriginal(glb);
  for (const mesh of doc.getRoot().listMeshes()) mesh.dispose();
  await doc.transform(prune({ keepLeaves: true }));
  return write(doc);
}

/**
 * Grows the binary chunk past the limit with a buffer view nothing uses: still a valid GLB.
 * @param {Uint8Array} glb
 */
function tooLarge(glb) {
  const { json, bin } = readGlb(glb);
  const used = Math.ceil((bin?.byteLength ?? 0) / 4) * 4;
  const extra = Math.ceil((GLASSES_MAX_BYTES - glb.byteLength + 4096) / 4) * 4;
  const padded = new Uint8Array(used + extra);
  if (bin) padded.set(bin);
  json.buffers = json.buffers?.length ? json.buffers : [{}];
  json.buffers[0].byteLength = padded.byteLength;
  json.bufferViews = [
    ...(json.bufferViews ?? []),
    { buffer: 0, byteOffset: used, byteLength: extra },
  ];
  return writeGlb(json, padded);
}

/**
 * The frame plus a flat grid dense enough to pass the triangle limit on its own.
 * @param {Uint8Array} glb
 */
async function denseGrid(glb) {
  const doc = await openOriginal(glb);
  const n = Math.ceil(Math.sqrt((GLASSES_MAX_TRIANGLES + 1) / 2));
  const grid = addGrid(doc, 'Grid', 0.05, n).setTranslation([0, 0, -0.02]);
  doc.getRoot().listScenes()[0]?.addChild(grid);
  return write(doc);
}

/**
 * The textured frame with its image moved out to a file that is not there (`uri`), as an export
 * whose texture folder was not uploaded: the geometry is good, only the picture is missing.
 * @param {Uint8Array} textured a GLB with one embedded image
 */
function missingTexture(textured) {
  const { json, bin } = readGlb(textured);
  const image = json.images?.[0];
  if (!image) throw new Error('corpus: no image to move out');
  delete image.bufferView;
  delete image.mimeType;
  image.uri = 'textures/frame-basecolor.png';
  return writeGlb(json, bin);
}

/**
 * Two pairs, as a product shot exports them: the frame open, and a copy beside it folded (its
 * depth squashed to a quarter), 19 mm apart: near enough that growing the glasses from their
 * largest part by a tenth of its size swallowed the second pair.
 * @param {Uint8Array} glb
 */
async function twoPairs(glb) {
  const doc = await openOriginal(glb);
  const scene = doc.getRoot().listScenes()[0];
  if (!scene) throw new Error('corpus: the original has no scene');
  const { max, min } = getBounds(scene);
  const shift = max[0] - min[0] + 0.019;
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const copy = doc.createNode(`${node.getName()}-folded`).setMesh(mesh);
    scene.addChild(copy.setTranslation([shift, 0, 0]).setScale([1, 1, 0.25]));
  }
  return write(doc);
}

/**
 * The frame plus a point cloud whose accessor has no buffer view and declares 100 million
 * points: 1.2 GB three would allocate, zero-filled, from a file a few hundred bytes larger.
 * @param {Uint8Array} glb
 */
function hugeAccessor(glb) {
  const { json, bin } = readGlb(glb);
  const accessor = (json.accessors ??= []).push({
    componentType: 5126,
    count: 100_000_000,
    type: 'VEC3',
    min: [0, 0, 0],
    max: [0, 0, 0],
  });
  const mesh = (json.meshes ??= []).push({
    name: 'cloud',
    primitives: [{ attributes: { POSITION: accessor - 1 }, mode: 0 }],
  });
  json.nodes.push({ name: 'cloud', mesh: mesh - 1 });
  json.scenes[json.scene ?? 0].nodes.push(json.nodes.length - 1);
  return writeGlb(json, bin);
}

/**
 * The textured frame with a black 4200² PNG as its texture: 18 kB in the file, 71 MB once
 * decoded (RGBA), just over what the app lets a pair of glasses embed (4096²).
 * @param {Document} textured
 */
async function hugeTexture(textured) {
  const side = 4200;
  const png = await sharp(Buffer.alloc(side * side), {
    raw: { width: side, height: side, channels: 1 },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  textured.getRoot().listTextures()[0]?.setImage(new Uint8Array(png));
  return write(textured);
}

/**
 * @param {Uint8Array} glb a catalogue frame (public/models/00N.glb)
 * @returns {Promise<BadFile[]>}
 */
export async function makeBadFiles(glb) {
  const badTexture = await openOriginal(glb);
  await addBaseColorTexture(badTexture, noise(2048, 7));
  const badTextureBytes = await write(badTexture);
  return [
    {
      name: 'truncated.glb',
      bytes: glb.slice(0, Math.floor(glb.byteLength / 2)),
      expected: 'corrupt',
    },
    { name: 'random.glb', bytes: noise(8192, 1), expected: 'corrupt' },
    { name: 'broken-json.glb', bytes: brokenJson(glb), expected: 'corrupt' },
    { name: 'no-meshes.glb', bytes: await noMeshes(glb), expected: 'no-meshes' },
    {
      name: 'bad-texture.glb',
      bytes: badTextureBytes,
      expected: null,
      warns: 'texture-dropped',
    },
    {
      name: 'missing-texture.glb',
      bytes: missingTexture(badTextureBytes),
      expected: null,
      warns: 'texture-dropped',
    },
    { name: 'too-large.glb', bytes: tooLarge(glb), expected: 'too-large' },
    { name: 'too-many-triangles.glb', bytes: await denseGrid(glb), expected: 'too-many-triangles' },
    { name: 'two-pairs.glb', bytes: await twoPairs(glb), expected: 'two-pairs' },
    { name: 'huge-accessor.glb', bytes: hugeAccessor(glb), expected: 'too-demanding' },
    { name: 'huge-texture.glb', bytes: await hugeTexture(badTexture), expected: 'too-demanding' },
  ];
}
