import { Vector3, type Object3D } from 'three';
import type { GlassesReport } from '../../src/shared/glasses-types';
import { EYE_CENTER_Y } from '../common/canonical-face';
import type { FaceFront } from './face-front';
import { meshesOf } from './fit-geometry';
import { HINGE_BEHIND_CM, type TempleFit } from './temple-bend';

/**
 * Where the cheek begins, cm from the face's middle: the canonical nose's wings reach 1.79 cm
 * each side (landmarks 129/358), so a front's part further out and below the pupils is over the
 * cheek, nearer in over the nose.
 */
export const CHEEK_FROM_X_CM = 1.8;

/**
 * The least depth gap (mm, to 0.1, along the face's z; below 0, into the skin) between the
 * reference head's cheeks and the front of `glasses` as the fit rests it (their matrices relative
 * to the fitted frame, not yet on the face): its parts before the hinges, below the pupils and
 * outside the nose. Null where the front has no such part over the face.
 *
 * The head is the reference (average) one, not this face's: MediaPipe's depths do not tell one
 * face's cheeks or nose bridge from another's, and the occluder fitted to a face moves its points
 * only across the picture (head-fit.ts), which puts real faces' cheeks 2–3 mm nearer the rims
 * than the average's on every clip tried (issue 52's notes). The nose is left out: the front
 * rests at FRONT_ANCHOR whatever its pads, and a rim's inner corner beside the nose cuts into the
 * average nose on most frames, so a gap there would say where the frame should rest, which is
 * not yet modelled.
 */
export function cheekGapMm(glasses: Object3D, fit: TempleFit, face: FaceFront): number | null {
  glasses.updateMatrixWorld(true);
  const [a, b] = fit.lensCentres;
  const hingeZ = (a[2] + b[2]) / 2 - HINGE_BEHIND_CM;
  const p = new Vector3();
  let least = Infinity;
  // Hidden meshes are what the fit set aside.
  for (const mesh of meshesOf(glasses).filter((m) => m.visible)) {
    const position = mesh.geometry.getAttribute('position');
    for (let i = 0; i < position.count; i++) {
      p.fromBufferAttribute(position, i).applyMatrix4(mesh.matrixWorld);
      if (p.z < hingeZ || p.y >= EYE_CENTER_Y || Math.abs(p.x) < CHEEK_FROM_X_CM) continue;
      const skin = face.skinAt(p.x, p.y);
      if (skin !== null) least = Math.min(least, p.z - skin);
    }
  }
  return Number.isFinite(least) ? Math.round(least * 100) / 10 : null;
}

/**
 * `report` with the gap between the front of `glasses` (fitted, not yet worn) and the reference
 * head's cheeks; as it is without the head (its occluder not loaded).
 */
export function withCheekGap(
  glasses: Object3D,
  report: GlassesReport,
  face: FaceFront | null,
): GlassesReport {
  return face ? { ...report, cheekMm: cheekGapMm(glasses, report, face) } : report;
}
