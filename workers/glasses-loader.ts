import {
  Color,
  Group,
  Mesh,
  MeshBasicMaterial,
  MeshPhysicalMaterial,
  type BufferGeometry,
  type Material,
  type Object3D,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { DEFAULT_GLASS_MATERIAL } from '../src/shared/constants';
import type { FitOffsets, MaterialItem } from '../src/shared/try-on-types';
import { computeFit, type FitMesh, type FitResult } from './glasses-fit';

const loader = new GLTFLoader();

export async function parseGlb(bytes: ArrayBuffer): Promise<Object3D> {
  const gltf = await loader.parseAsync(bytes, '');
  return gltf.scene;
}

function meshes(root: Object3D): Mesh[] {
  const found: Mesh[] = [];
  root.traverse((node) => {
    if ((node as Mesh).isMesh) found.push(node as Mesh);
  });
  return found;
}

/** Vertex positions in the model's own space (node transforms applied). */
function fitMeshes(root: Object3D): FitMesh[] {
  root.updateMatrixWorld(true);
  return meshes(root).map((mesh) => {
    const geometry = (mesh.geometry as BufferGeometry).clone().applyMatrix4(mesh.matrixWorld);
    const positions = geometry.getAttribute('position').array;
    geometry.dispose();
    return { name: mesh.name || mesh.parent?.name || '', positions };
  });
}

/** Material parameter items are matched to meshes by name (`modelArrayOrder`). */
export function applyMaterials(root: Object3D, items: readonly MaterialItem[]): number {
  let applied = 0;
  for (const mesh of meshes(root)) {
    const item = items.find(
      (i) => i.modelArrayOrder === mesh.name || i.modelArrayOrder === mesh.parent?.name,
    );
    if (!item) continue;
    const { modelArrayOrder: _name, ...props } = item;
    mesh.material = physical(props);
    applied++;
  }
  return applied;
}

/** Lenses without a material file get the spec's default glass. */
const LENS = /lens|glass/i;

function physical(props: Record<string, unknown>): MeshPhysicalMaterial {
  const material = new MeshPhysicalMaterial();
  for (const [key, value] of Object.entries(props)) {
    if (!(key in material)) continue;
    const current = (material as unknown as Record<string, unknown>)[key];
    if (current instanceof Color && typeof value === 'string') current.set(value);
    else if (typeof value === typeof current)
      (material as unknown as Record<string, unknown>)[key] = value;
  }
  return material;
}

export interface LoadedGlasses {
  object: Group;
  fit: FitResult;
}

/** Parses, dresses and fits a glasses model; the returned group lives in canonical face space. */
export async function loadGlasses(
  bytes: ArrayBuffer,
  items: readonly MaterialItem[] | undefined,
  offsets: Partial<FitOffsets> | undefined,
): Promise<LoadedGlasses> {
  const model = await parseGlb(bytes);
  const applied = items ? applyMaterials(model, items) : 0;
  if (applied === 0) {
    for (const mesh of meshes(model))
      if (LENS.test(mesh.name)) mesh.material = physical(DEFAULT_GLASS_MATERIAL);
  }
  const fit = computeFit(fitMeshes(model), offsets);
  const object = new Group();
  object.name = 'glasses';
  object.matrixAutoUpdate = false;
  object.matrix.copy(fit.matrix);
  object.add(model);
  for (const mesh of meshes(model)) mesh.renderOrder = 1;
  return { object, fit };
}

/** The head occluder writes depth only, so temples behind the head disappear. */
export async function loadOccluder(bytes: ArrayBuffer): Promise<Object3D> {
  const model = await parseGlb(bytes);
  const material = new MeshBasicMaterial({ colorWrite: false });
  for (const mesh of meshes(model)) {
    (mesh.material as Material).dispose();
    mesh.material = material;
    mesh.renderOrder = -1;
  }
  return model;
}

/** Drives morph targets whose names match blendshape categories. */
export function applyBlendshapes(root: Object3D, scores: ReadonlyMap<string, number>): void {
  for (const mesh of meshes(root)) {
    const dictionary = mesh.morphTargetDictionary;
    if (!dictionary || !mesh.morphTargetInfluences) continue;
    for (const [name, index] of Object.entries(dictionary)) {
      mesh.morphTargetInfluences[index] = scores.get(name) ?? 0;
    }
  }
}
