import { BufferGeometry, PlaneGeometry } from 'three';
import { EYE_CENTER_Y } from '../common/canonical-face';

/**
 * The eye band on the canonical face (cm, the face's space, Y up): where a wearer's own frame
 * lies, from temple to temple and from the cheekbones to the brows. Its picture is read and
 * drawn on a surface that bends back towards the temples, so its texels stay on the face as the
 * head turns (a flat card at the eyes' depth would slide off the far temple).
 */
export const BAND = {
  halfWidth: 7.5,
  yLow: EYE_CENTER_Y - 3.6,
  yHigh: EYE_CENTER_Y + 2.4,
  /** Its depth at the middle, and how far it bends back: z = front − bend · x². */
  front: 4.6,
  bend: 0.075,
} as const;

/**
 * Texels per cm of the band: a thin metal rim (1–2 mm) spans 1–3 of them. The passes' cost grows
 * with their square; what it costs the drawn rate is the bench's 摘掉我的眼镜 row. Each side is
 * even: the fill is made on blocks of 2 × 2 texels (own-glasses-shaders.ts).
 */
export const TEXELS_PER_CM = 12;
const even = (n: number) => 2 * Math.round(n / 2);
export const BAND_TEXELS = [
  even(2 * BAND.halfWidth * TEXELS_PER_CM),
  even((BAND.yHigh - BAND.yLow) * TEXELS_PER_CM),
] as const;

/**
 * The eyes on the band, which its reading leaves alone (their lashes and lids are as thin and
 * dark as a rim): centres ±EYE_X cm from the middle at the pupils' height, half axes EYE_HALF.
 */
const EYE_X = 3.15;
const EYE_HALF = [1.5, 0.72] as const;

/** A face-space point (cm) as the band's uv (0..1 from its bottom left). */
function bandUv(x: number, y: number): [number, number] {
  return [(x + BAND.halfWidth) / (2 * BAND.halfWidth), (y - BAND.yLow) / (BAND.yHigh - BAND.yLow)];
}

/** The eyes' centres on the band's uv [xl, yl, xr, yr] and their half axes [x, y] in uv. */
export const BAND_EYES = {
  centres: [...bandUv(-EYE_X, EYE_CENTER_Y), ...bandUv(EYE_X, EYE_CENTER_Y)] as const,
  half: [EYE_HALF[0] / (2 * BAND.halfWidth), EYE_HALF[1] / (BAND.yHigh - BAND.yLow)] as const,
};

/** The band's surface in the face's space, its uv the band's (segments enough to bend smoothly). */
export function bandGeometry(): BufferGeometry {
  const height = BAND.yHigh - BAND.yLow;
  const geometry = new PlaneGeometry(2 * BAND.halfWidth, height, 28, 6);
  const position = geometry.attributes.position!;
  for (let i = 0; i < position.count; i++) {
    const x = position.getX(i);
    position.setY(i, position.getY(i) + BAND.yLow + height / 2);
    position.setZ(i, BAND.front - BAND.bend * x * x);
  }
  geometry.computeBoundingSphere();
  return geometry;
}
