import { Vector3, type Object3D } from 'three';
import { meshesOf } from './fit-geometry';
import { FRONT_BIN_CM, type HeadProfile } from './head-profile';
import { HINGE_BEHIND_CM, type TempleFit } from './temple-bend';

/** The head occluder lies this far inside the skin (INSET in scripts/catalogue/occluder.mjs). */
export const OCCLUDER_INSET_CM = 0.3;
/**
 * Where the cheek begins, cm from the face's middle: the canonical nose's wings reach 1.79 cm
 * each side (landmarks 129/358), so a front's part further out and below the pupils is over the
 * cheek, nearer in over the nose.
 */
export const CHEEK_FROM_X_CM = 1.8;

/**
 * The least gap (mm, to 0.1; below 0, into the skin) between `head`'s cheeks and the front of
 * `glasses` as the fit rests it (their matrices relative to the fitted frame, not yet on the
 * face): its parts before the hinges, below the pupils and outside the nose. Null where the front
 * has no such part over the head.
 *
 * The head is the reference (average) one, not this face's: MediaPipe's depths do not tell one
 * face's cheeks or nose bridge from another's, and the occluder fitted to a face moves its points
 * only across the picture (head-fit.ts), which puts real faces' cheeks 2–3 mm nearer the rims
 * than the average's on every clip tried (issue 52's notes). The nose is left out: the front
 * rests at FRONT_ANCHOR whatever its pads, and a rim's inner corner beside the nose cuts into the
 * average nose on most frames, so a gap there would say where the frame should rest, which is
 * not yet modelled.
 */
export function cheekGapMm(glasses: Object3D, fit: TempleFit, head: HeadProfile): number | null {
  glasses.updateMatrixWorld(true);
  const [a, b] = fit.lensCentres;
  const hingeZ = (a[2] + b[2]) / 2 - HINGE_BEHIND_CM;
  const pupilY = (a[1] + b[1]) / 2;
  const p = new Vector3();
  let least = Infinity;
  // Hidden meshes are what the fit set aside.
  for (const mesh of meshesOf(glasses).filter((m) => m.visible)) {
    const position = mesh.geometry.getAttribute('position');
    for (let i = 0; i < position.count; i++) {
      p.fromBufferAttribute(position, i).applyMatrix4(mesh.matrixWorld);
      if (p.z < hingeZ || p.y >= pupilY || Math.abs(p.x) < CHEEK_FROM_X_CM) continue;
      const skin = skinAt(head, p.x, p.y);
      if (skin !== null) least = Math.min(least, p.z - skin);
    }
  }
  return Number.isFinite(least) ? Math.round(least * 100) / 10 : null;
}

/**
 * The skin's depth at (x, y), cm: the occluder's surface moved out by its inset along its normal,
 * which on a slope is further along z than the inset (1 / the normal's z), read from the
 * surface's slope across two bins each way.
 */
function skinAt(head: HeadProfile, x: number, y: number): number | null {
  const z = head.forwardAt(x, y);
  if (z === null) return null;
  const h = FRONT_BIN_CM;
  const [l, r, d, u] = [
    head.forwardAt(x - h, y),
    head.forwardAt(x + h, y),
    head.forwardAt(x, y - h),
    head.forwardAt(x, y + h),
  ];
  if (l === null || r === null || d === null || u === null) return z + OCCLUDER_INSET_CM;
  const [gx, gy] = [(r - l) / (2 * h), (u - d) / (2 * h)];
  return z + OCCLUDER_INSET_CM * Math.hypot(1, gx, gy);
}
