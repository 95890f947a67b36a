import {
  Vector3,
  type BufferGeometry,
  type Material,
  type Mesh,
  type MeshPhysicalMaterial,
  type Object3D,
} from 'three';
import type { FitMesh } from './fit-cloud';

/**
 * Marks a mesh the renderer hangs under a model that is not part of it (its contact shadow): the
 * fit, the temples and the lenses never see it.
 */
export const DRAWN_ONLY = 'drawnOnly';

/** The model's meshes (not what is only drawn with it, DRAWN_ONLY). */
export function meshesOf(root: Object3D): Mesh[] {
  const found: Mesh[] = [];
  root.traverse((node) => {
    if ((node as Mesh).isMesh && !node.userData[DRAWN_ONLY]) found.push(node as Mesh);
  });
  return found;
}

export function triangleCount(mesh: Mesh): number {
  const geometry = mesh.geometry as BufferGeometry;
  const count = geometry.index
    ? geometry.index.count
    : (geometry.getAttribute('position')?.count ?? 0);
  return Math.floor(count / 3);
}

/** `lens`, `Glass.001`; not `Glasses`, which names the whole frame in many exports. */
export const LENS_NAME = /lens|glass(?!es)/i;

/** A lens shows through: see-through material (alpha or transmission), or a lens by its name. */
export function isLens(mesh: Mesh): boolean {
  const materials = ([] as Material[]).concat(mesh.material);
  const seeThrough = materials.some(
    (m) => m.transparent || m.opacity < 1 || ((m as MeshPhysicalMaterial).transmission ?? 0) > 0,
  );
  return seeThrough || LENS_NAME.test(mesh.name) || LENS_NAME.test(mesh.parent?.name ?? '');
}

/**
 * Each mesh's vertices in the model's world space: every node transform applied, rotations and
 * negative scales included. Only positions matter to the fit, so winding needs no flipping here;
 * three's renderer flips the front face itself for a mirrored world matrix when it draws.
 */
export function fitMeshes(root: Object3D): { meshes: FitMesh[]; byFitMesh: Map<FitMesh, Mesh> } {
  root.updateMatrixWorld(true);
  const byFitMesh = new Map<FitMesh, Mesh>();
  const v = new Vector3();
  const meshes = meshesOf(root).map((mesh) => {
    const attribute = (mesh.geometry as BufferGeometry).getAttribute('position');
    const positions = new Float32Array((attribute?.count ?? 0) * 3);
    for (let i = 0; i < (attribute?.count ?? 0); i++) {
      // getX/Y/Z undo KHR_mesh_quantization's normalisation.
      v.fromBufferAttribute(attribute!, i).applyMatrix4(mesh.matrixWorld);
      positions[i * 3] = v.x;
      positions[i * 3 + 1] = v.y;
      positions[i * 3 + 2] = v.z;
    }
    const fitMesh = {
      name: mesh.name || mesh.parent?.name || '',
      positions,
      triangles: triangleCount(mesh),
      lens: isLens(mesh),
    };
    byFitMesh.set(fitMesh, mesh);
    return fitMesh;
  });
  return { meshes, byFitMesh };
}
