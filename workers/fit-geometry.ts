import { Vector3, type BufferGeometry, type Mesh, type Object3D } from 'three';
import type { FitMesh } from './fit-cloud';

export function meshesOf(root: Object3D): Mesh[] {
  const found: Mesh[] = [];
  root.traverse((node) => {
    if ((node as Mesh).isMesh) found.push(node as Mesh);
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
    };
    byFitMesh.set(fitMesh, mesh);
    return fitMesh;
  });
  return { meshes, byFitMesh };
}
