import {
  DataTexture,
  LinearFilter,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  PlaneGeometry,
  RGBAFormat,
  Vector3,
  type BufferAttribute,
  type Object3D,
} from 'three';
import { DRAWN_ONLY, isLens, meshesOf } from '../fit/fit-geometry';

/** The shadow mesh's name: one per frame. */
export const CONTACT_SHADOW = 'contact-shadow';
/** The front's depth, from its foremost point (cm): rims, bridge and pads; not the temples. */
const FRONT_SLAB_CM = 1.5;
/** The shadow's plane behind the foremost point (cm): just behind the rims, before the skin. */
const PLANE_BEHIND_CM = 0.6;
/** How far below the frame the shadow falls (cm): a light from above the face. */
const DROP_CM = 0.25;
/** The silhouette's cell (cm) and the blur's box radius in cells (three passes: σ ≈ 2 mm). */
const CELL_CM = 0.05;
const BLUR_CELLS = 4;
/** Room around the front: the blur's reach, and the room's light moving it (up to 0.65 cm). */
const MARGIN_CM = 1.5;
/** A front wider or taller than this (cm) is no frame's: no shadow rather than a huge mask. */
const MAX_FRONT_CM = { width: 30, height: 15 };
/**
 * The darkening where the silhouette is whole (under the rims, which hide most of it): beside the
 * rims a fair skin darkens by under 30 brightness levels, which the outside checks take for the
 * skin, not the frame (tests/outside/picture-judge.ts CHANGED; at 0.3, 428 shadow pixels read as
 * frame on camera.e2e's still face and moved its centre 0.006 eye spans; at 0.15, 143).
 */
const SHADOW_OPACITY = 0.15;

/**
 * The front's triangles seen from the front, in the frame's parent space (the face's, cm): x, y of
 * each corner; and the frame's foremost z. The lenses cast none, unless the frame is all lens-like
 * (one mesh named "lens", or every part see-through, as some sunglasses are).
 */
function frontTriangles(glasses: Object3D): { xy: Float32Array; front: number } {
  glasses.updateMatrixWorld(true);
  const toParent = glasses.parent
    ? new Matrix4().copy(glasses.parent.matrixWorld).invert()
    : new Matrix4();
  const shown = meshesOf(glasses).filter((mesh) => mesh.visible);
  const rims = shown.filter((mesh) => !isLens(mesh));
  const casting = (rims.length > 0 ? rims : shown).flatMap((mesh) => {
    const positions = mesh.geometry.getAttribute('position') as BufferAttribute | undefined;
    return positions ? [{ mesh, positions }] : [];
  });
  const p = new Vector3();
  const parts = casting.map(({ mesh, positions }) => {
    const matrix = new Matrix4().multiplyMatrices(toParent, mesh.matrixWorld);
    const points = new Float32Array(positions.count * 3);
    for (let i = 0; i < positions.count; i++) {
      p.fromBufferAttribute(positions, i).applyMatrix4(matrix);
      points.set([p.x, p.y, p.z], i * 3);
    }
    return { points, index: mesh.geometry.index, count: positions.count };
  });
  let front = -Infinity;
  for (const { points } of parts)
    for (let i = 2; i < points.length; i += 3) front = Math.max(front, points[i]!);
  const cut = front - FRONT_SLAB_CM;
  const xy: number[] = [];
  for (const { points, index, count } of parts) {
    const corners = index ? index.count : count;
    for (let i = 0; i + 2 < corners; i += 3) {
      const a = index ? index.getX(i) : i;
      const b = index ? index.getX(i + 1) : i + 1;
      const c = index ? index.getX(i + 2) : i + 2;
      if (points[a * 3 + 2]! < cut || points[b * 3 + 2]! < cut || points[c * 3 + 2]! < cut)
        continue;
      xy.push(points[a * 3]!, points[a * 3 + 1]!, points[b * 3]!, points[b * 3 + 1]!);
      xy.push(points[c * 3]!, points[c * 3 + 1]!);
    }
  }
  return { xy: Float32Array.from(xy), front };
}

/** A mask of the triangles (x, y pairs, cm) seen from the front, over `box`: 1 inside, a cell. */
function silhouette(xy: Float32Array, box: { x: number; y: number; w: number; h: number }) {
  const mask = new Float32Array(box.w * box.h);
  const cellX = (t: number) => (xy[t]! - box.x) / CELL_CM;
  const cellY = (t: number) => (xy[t + 1]! - box.y) / CELL_CM;
  for (let t = 0; t + 5 < xy.length; t += 6) {
    const [ax, bx, cx] = [cellX(t), cellX(t + 2), cellX(t + 4)];
    const [ay, by, cy] = [cellY(t), cellY(t + 2), cellY(t + 4)];
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area === 0) continue;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const x1 = Math.min(box.w - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const y1 = Math.min(box.h - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
        const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
        if (w0 >= 0 && w1 >= 0 && w0 + w1 <= 1) mask[y * box.w + x] = 1;
      }
    }
  }
  return mask;
}

/** Three box passes each way: near a Gaussian, in place. */
export function blur(mask: Float32Array, w: number, h: number, r: number): void {
  const line = new Float32Array(Math.max(w, h));
  const pass = (count: number, length: number, at: (i: number, j: number) => number) => {
    for (let i = 0; i < count; i++) {
      for (let j = 0; j < length; j++) line[j] = mask[at(i, j)]!;
      let sum = 0;
      for (let j = -r; j <= r; j++) sum += j >= 0 && j < length ? line[j]! : 0;
      for (let j = 0; j < length; j++) {
        mask[at(i, j)] = sum / (2 * r + 1);
        const out = j - r;
        const inn = j + r + 1;
        if (out >= 0) sum -= line[out]!;
        if (inn < length) sum += line[inn]!;
      }
    }
  };
  for (let k = 0; k < 3; k++) {
    pass(h, w, (y, x) => y * w + x);
    pass(w, h, (x, y) => y * w + x);
  }
}

/**
 * A soft shadow of the frame's front (rims, bridge, pads; not the lenses) on the face just behind
 * it (issue 52): its silhouette seen from the front, blurred, drawn darkening the picture on a
 * plane just behind the rims, a little below them, as under a light from above. It is a child of
 * the frame, so it shows, hides and leaves with it; the head occluder's depth hides it where the
 * head is nearer (a turned head's far side), and the rims where they are. The room's light read
 * from the picture moves it sideways (shadowByRoom, room-lit.ts). The fit, the temples and the
 * lenses never see it (DRAWN_ONLY). Returns it (or the one made before), null if nothing casts.
 */
export function addContactShadow(glasses: Object3D): Mesh | null {
  const made = glasses.getObjectByName(CONTACT_SHADOW);
  if (made) return made as Mesh;
  const { xy, front } = frontTriangles(glasses);
  if (xy.length < 6) return null;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 1 < xy.length; i += 2) {
    minX = Math.min(minX, xy[i]!);
    maxX = Math.max(maxX, xy[i]!);
    minY = Math.min(minY, xy[i + 1]!);
    maxY = Math.max(maxY, xy[i + 1]!);
  }
  const [spanX, spanY] = [maxX - minX, maxY - minY];
  if (!(spanX <= MAX_FRONT_CM.width && spanY <= MAX_FRONT_CM.height)) return null;
  const box = {
    x: minX - MARGIN_CM,
    y: minY - MARGIN_CM,
    w: Math.ceil((spanX + 2 * MARGIN_CM) / CELL_CM),
    h: Math.ceil((spanY + 2 * MARGIN_CM) / CELL_CM),
  };
  const mask = silhouette(xy, box);
  blur(mask, box.w, box.h, BLUR_CELLS);
  const texels = new Uint8Array(box.w * box.h * 4);
  for (let i = 0; i < mask.length; i++) texels.fill(Math.round(mask[i]! * 255), i * 4, i * 4 + 4);
  // Row 0 is the texture's bottom, as the plane's v = 0: the mask's rows go up from box.y.
  const texture = new DataTexture(texels, box.w, box.h, RGBAFormat);
  texture.magFilter = texture.minFilter = LinearFilter;
  texture.needsUpdate = true;
  const material = new MeshBasicMaterial({
    color: 0x000000,
    alphaMap: texture,
    opacity: SHADOW_OPACITY,
    transparent: true,
    depthWrite: false,
  });
  material.addEventListener('dispose', () => texture.dispose());
  const width = box.w * CELL_CM;
  const height = box.h * CELL_CM;
  const shadow = new Mesh(new PlaneGeometry(width, height), material);
  shadow.name = CONTACT_SHADOW;
  shadow.userData[DRAWN_ONLY] = true;
  // Before the lenses, which draw their own reflections over it.
  shadow.renderOrder = 0;
  shadow.matrixAutoUpdate = false;
  // Placed in the face's space, under the frame's own transform (the fit's matrix).
  const place = new Matrix4().makeTranslation(
    box.x + width / 2,
    box.y + height / 2 - DROP_CM,
    front - PLANE_BEHIND_CM,
  );
  shadow.matrix.copy(glasses.matrix).invert().multiply(place);
  glasses.add(shadow);
  return shadow;
}
