import { Mesh, MeshPhysicalMaterial, SphereGeometry, type Material, type Object3D } from 'three';
import type { LensQuality } from '../../src/shared/try-on-types';
import type { TryOnScene } from './scene';
import { median } from '../common/stats';

/** A lens path is fast enough when rendering leaves the camera's frame budget for tracking. */
export const TRANSMISSION_BUDGET_MS = 12;
const PROBE_RENDERS = 5;

/**
 * Times `renderOnce` (which must wait for the GPU) with the full transmission glass. On SwiftShader
 * a render takes ~5 ms with standard materials, ~51 ms with transmission.
 */
export function probeLensQuality(renderOnce: () => void): { quality: LensQuality; ms: number } {
  renderOnce();
  const samples: number[] = [];
  for (let i = 0; i < PROBE_RENDERS; i++) {
    const start = performance.now();
    renderOnce();
    samples.push(performance.now() - start);
  }
  const ms = median(samples);
  return { quality: ms <= TRANSMISSION_BUDGET_MS ? 'transmission' : 'fast', ms };
}

/**
 * The cheap lens still reads as glass: no transmission pass, but a faint tint, clearcoat and the
 * studio environment's reflections, stronger at grazing angles through the physical specular.
 */
function fastLens(source: MeshPhysicalMaterial): MeshPhysicalMaterial {
  const lens = source.clone();
  lens.transmission = 0;
  lens.transparent = true;
  lens.opacity = Math.max(source.opacity < 1 ? source.opacity : 0.18, 0.12);
  lens.depthWrite = false;
  lens.metalness = 0;
  lens.roughness = Math.min(source.roughness, 0.08);
  lens.clearcoat = Math.max(source.clearcoat, 0.6);
  lens.envMapIntensity = Math.max(source.envMapIntensity, 1.5);
  lens.specularIntensity = Math.max(source.specularIntensity, 1);
  return lens;
}

export function applyLensQuality(root: Object3D, quality: LensQuality): void {
  if (quality === 'transmission') return;
  root.traverse((node) => {
    const mesh = node as Mesh;
    if (!mesh.isMesh) return;
    const material = mesh.material as Material;
    if (material instanceof MeshPhysicalMaterial && material.transmission > 0) {
      mesh.material = fastLens(material);
      material.dispose();
    }
  });
}

/**
 * The lens path for this scene: measured, except on software GL, where the transmission pass never
 * fits the budget (~51 ms a render on SwiftShader against 12) and the probe itself would hold each
 * first start ~1.1 s: the answer is known there, as the delegate's is
 * (tests/unit/lens-quality.test.ts, 'takes the fast path on software GL without rendering the
 * probe').
 */
export function chooseLensQuality(tryOn: TryOnScene): LensQuality {
  return tryOn.softwareGl ? 'fast' : measureLensQuality(tryOn);
}

/** Renders a transmissive sphere, waiting for the GPU each time, to choose the lens path. */
function measureLensQuality(tryOn: TryOnScene): LensQuality {
  const { scene, renderer, camera } = tryOn;
  const probe = new Mesh(
    new SphereGeometry(8, 32, 16),
    new MeshPhysicalMaterial({ transmission: 1 }),
  );
  probe.position.set(0, 0, -40);
  const background = scene.background;
  scene.background = null;
  scene.add(probe);
  const gl = renderer.getContext();
  const pixel = new Uint8Array(4);
  const { quality } = probeLensQuality(() => {
    renderer.render(scene, camera);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  });
  scene.remove(probe);
  probe.geometry.dispose();
  probe.material.dispose();
  scene.background = background;
  return quality;
}
