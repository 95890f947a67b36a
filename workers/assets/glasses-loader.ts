import {
  Group,
  MeshBasicMaterial,
  type Material,
  type Object3D,
  type SkinnedMesh,
  type WebGLRenderer,
} from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { DEFAULT_GLASS_MATERIAL } from '../../src/shared/render-constants';
import { GLASSES_MAX_BYTES, GLASSES_MAX_TRIANGLES } from '../../src/shared/storage-constants';
import type { FitOverride, FitReason, GlassesReport } from '../../src/shared/glasses-types';
import type { FitOffsets, MaterialItem } from '../../src/shared/try-on-types';
import { fitMeshes, LENS_NAME, meshesOf, triangleCount } from '../fit/fit-geometry';
import { computeFit, FitError, type FitInputs } from '../fit/glasses-fit';
import { glassesError } from './glasses-error';
import { physical } from './material-params';
import { gltfLoaderFor } from './gltf-decoders';
import { readGlbHeader } from './glb-header';
import { checkGlbDemand } from './glb-demand';
import { checkGlbReferences } from './glb-references';

export interface GlassesOptions {
  materials?: readonly MaterialItem[];
  offsets?: Partial<FitOffsets>;
  fit?: FitOverride;
  /** KTX2 textures need to know what the GPU can decode; null where nothing renders. */
  renderer: WebGLRenderer | null;
  /** A declared boxing size (manifest `frameSize`): checked, and the scale when no unit is. */
  frameSize?: FitInputs['frameSize'];
  /** Return a fit judged implausible instead of refusing it (glasses:check draws it anyway). */
  keepRefused?: boolean;
}

const SPEC_GLOSS = 'KHR_materials_pbrSpecularGlossiness';

/**
 * Parses a GLB with the decoders it needs; damage and missing decoders throw. What could not be
 * read (a texture, a material extension) is counted or noted, and the model loads without it.
 */
export async function parseGlb(
  bytes: ArrayBuffer,
  renderer: WebGLRenderer | null,
): Promise<{ gltf: GLTF; extensions: string[]; droppedTextures: number; notes: FitReason[] }> {
  if (bytes.byteLength > GLASSES_MAX_BYTES) {
    throw glassesError('too-large', `${bytes.byteLength} bytes`);
  }
  let header = readGlbHeader(bytes);
  // Before anything allocates what the file asks for (the spec-gloss conversion parses too).
  checkGlbDemand(header.json, header.bin);
  checkGlbReferences(header.json);
  // The file's own extensions, as it came (the report names them), whatever was converted.
  const extensions = header.extensionsUsed;
  const notes: FitReason[] = [];
  if (header.extensionsUsed.includes(SPEC_GLOSS)) {
    // A chunk that cannot load (offline before its first use) leaves the material as it is.
    const converted = await import('./spec-gloss').then(
      ({ specGlossToMetalRough }) => specGlossToMetalRough(bytes),
      (error: unknown) => (console.warn('spec-gloss chunk', error), null),
    );
    notes.push({
      code: converted ? 'material-converted' : 'material-unsupported',
      level: converted ? 'info' : 'warn',
      values: { ext: SPEC_GLOSS },
    });
    if (converted) {
      bytes = converted;
      header = readGlbHeader(bytes);
    }
  }
  const loader = await gltfLoaderFor(header, renderer);
  // Whatever the loader throws on a file it cannot follow (an index to nothing, a texture whose
  // source is no image) is that file's damage (hostile-fuzz.test.ts).
  try {
    const gltf = await loader.parseAsync(bytes, '');
    // GLTFLoader leaves a texture that would not decode, or whose file is missing, out (null):
    // the model is worn without it, and the fit's reasons say so.
    const textures = (await gltf.parser.getDependencies('texture')) as unknown[];
    const droppedTextures = textures.filter((t) => t === null).length;
    return { gltf, extensions, droppedTextures, notes };
  } catch (error) {
    throw glassesError('corrupt', String(error));
  }
}

/**
 * Material parameter items are matched to meshes by name (`modelArrayOrder`); fields refused for
 * their type are named in `refused` as `mesh.field`.
 */
export function applyMaterials(
  root: Object3D,
  items: readonly MaterialItem[],
  refused: string[] = [],
): number {
  let applied = 0;
  for (const mesh of meshesOf(root)) {
    const item = items.find(
      (i) => i.modelArrayOrder === mesh.name || i.modelArrayOrder === mesh.parent?.name,
    );
    if (!item) continue;
    const { modelArrayOrder: _name, ...props } = item;
    const wrong: string[] = [];
    mesh.material = physical(props, wrong);
    refused.push(...wrong.map((field) => `${mesh.name}.${field}`));
    applied++;
  }
  return applied;
}

/** What loading left out of a model whose geometry is good: said, never a refusal. */
function loadNotes(gltf: GLTF, droppedTextures: number): FitReason[] {
  let skinned = false;
  gltf.scene?.traverse((node) => {
    if ((node as SkinnedMesh).isSkinnedMesh) skinned = true;
  });
  return [
    ...(droppedTextures > 0
      ? [{ code: 'texture-dropped', level: 'warn', values: { count: droppedTextures } } as const]
      : []),
    ...(gltf.animations.length > 0 || skinned
      ? [{ code: 'animation-frozen', level: 'info' } as const]
      : []),
  ];
}

export interface LoadedGlasses {
  object: Group;
  report: GlassesReport;
}

/**
 * Parses, checks, dresses and fits a glasses model; the returned group lives in canonical face
 * space. Parts that are not glasses (a stand, a plane) are hidden.
 */
export async function loadGlasses(
  bytes: ArrayBuffer,
  options: GlassesOptions,
): Promise<LoadedGlasses> {
  const { gltf, extensions, droppedTextures, notes } = await parseGlb(bytes, options.renderer);
  const model = gltf.scene ?? gltf.scenes[0];
  const all = model ? meshesOf(model) : [];
  if (!model || all.length === 0) throw glassesError('no-meshes', 'the scene has no meshes');
  const triangles = all.reduce((n, mesh) => n + triangleCount(mesh), 0);
  if (triangles > GLASSES_MAX_TRIANGLES) {
    throw glassesError('too-many-triangles', `${triangles} triangles`);
  }
  const refusedMaterial: string[] = [];
  const applied = options.materials ? applyMaterials(model, options.materials, refusedMaterial) : 0;
  // Lenses without a material file get the default glass (docs/behaviour.md §3); a file whose
  // every mesh is named like a lens (one mesh called "lens") is a frame, not glass.
  const lenses = all.filter((mesh) => LENS_NAME.test(mesh.name));
  if (applied === 0 && lenses.length < all.length) {
    for (const mesh of lenses) mesh.material = physical(DEFAULT_GLASS_MATERIAL);
  }
  const { meshes, byFitMesh } = fitMeshes(model);
  let fit;
  try {
    fit = computeFit(meshes, options.offsets, options.fit, {
      frameSize: options.frameSize,
      notes: [...notes, ...loadNotes(gltf, droppedTextures)],
    });
  } catch (error) {
    if (error instanceof FitError) throw glassesError(error.code, 'fit');
    throw error;
  }
  if (fit.verdict === 'refused' && !options.keepRefused) {
    const codes = fit.reasons.filter((r) => r.level === 'refuse').map((r) => r.code);
    throw glassesError('implausible', codes.join(', '));
  }
  for (const part of fit.ignoredMeshes) {
    const mesh = byFitMesh.get(part);
    if (mesh) mesh.visible = false;
  }
  const object = new Group();
  object.name = 'glasses';
  object.matrixAutoUpdate = false;
  object.matrix.copy(fit.matrix);
  object.add(model);
  for (const mesh of all) mesh.renderOrder = 1;
  const { matrix: _m, widthM, ignoredMeshes: _i, ...rest } = fit;
  return {
    object,
    report: {
      ...rest,
      widthMm: widthM * 1000,
      triangles,
      bytes: bytes.byteLength,
      extensions,
      refusedMaterial,
    },
  };
}

/** The head occluder writes depth only, so temples behind the head disappear. */
export async function loadOccluder(bytes: ArrayBuffer): Promise<Object3D> {
  const { gltf } = await parseGlb(bytes, null);
  const material = new MeshBasicMaterial({ colorWrite: false });
  for (const mesh of meshesOf(gltf.scene)) {
    (mesh.material as Material).dispose();
    mesh.material = material;
    mesh.renderOrder = -1;
  }
  return gltf.scene;
}
