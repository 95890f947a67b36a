// How a real face picture is painted onto MediaPipe's canonical face mesh (known-face-*.ts): each
// of the mesh's 468 vertices takes as its texture coordinate where the reference detector found
// that landmark on the picture, so the picture's face is stretched onto the canonical geometry.
// Around the eyes the picture is only scaled and turned instead (see paintedUv).

/** A point on the source picture, px. */
export interface Px {
  x: number;
  y: number;
}

/** Each eye's corners, MediaPipe's face mesh numbering: their midpoint is the eye's centre. */
const EYE_CORNERS = [
  [33, 133],
  [263, 362],
] as const;
/**
 * Canonical centimetres about each eye's centre (its corners' midpoint) within which the
 * similarity paints: the opening and its lids (the eye is 2.6 cm wide, the iris 1.2 cm; the
 * picture's eye may be a little wider), short of the brow and the cheek.
 */
const EYE_REGION_CM = { x: 1.7, y: 0.95 };

/**
 * Texture coordinates (source picture px) of the canonical mesh's vertices. `vertices`:
 * canonical cm (Y up); `landmarks`: the 478 detected points in px.
 *
 * Stretched per triangle like the rest, an eye would be reshaped to the canonical eye: a squint
 * opened to the canonical height paints the iris upright by a third, and an eye wider than the
 * canonical one is squeezed with its iris. MediaPipe then reads neither as the painting says: it
 * reads an iris against its eye and face (on the webcam's face squeezed 8 % by an eye-outline
 * fit, it still read the iris at the picture's size, 12–16 % larger than painted). So the vertices
 * around both eyes take their coordinates from one similarity (scale, turn, shift) taking the
 * canonical eye centres onto the picture's: there the painting is the picture itself, scaled,
 * and the eyes, irises and their spacing keep the picture's proportions.
 */
export function paintedUv(vertices: readonly number[][], landmarks: readonly Px[]): Px[] {
  const uv = vertices.map((_, i) => ({ ...landmarks[i]! }));
  const centre = (points: readonly Px[], [a, b]: readonly [number, number]) => ({
    x: (points[a]!.x + points[b]!.x) / 2,
    y: (points[a]!.y + points[b]!.y) / 2,
  });
  const flatVertices = vertices.map(flat);
  const toPicture = eyeSimilarity(
    EYE_CORNERS.map((corners) => centre(flatVertices, corners)),
    EYE_CORNERS.map((corners) => centre(landmarks, corners)),
  );
  for (const corners of EYE_CORNERS) {
    const middle = centre(flatVertices, corners);
    flatVertices.forEach((v, i) => {
      const dx = (v.x - middle.x) / EYE_REGION_CM.x;
      const dy = (v.y - middle.y) / EYE_REGION_CM.y;
      if (dx * dx + dy * dy <= 1) uv[i] = toPicture(v);
    });
  }
  return uv;
}

/** A canonical vertex seen from the front, picture-like: x right, y down (cm). */
const flat = (v: readonly number[]): Px => ({ x: v[0]!, y: -v[1]! });

/**
 * The least-squares similarity taking `from` onto `to` (as complex numbers: w = a·z + b), as a
 * function of a point; exact for two points.
 */
export function eyeSimilarity(from: readonly Px[], to: readonly Px[]): (p: Px) => Px {
  const mean = (ps: readonly Px[]) => ({
    x: ps.reduce((s, p) => s + p.x, 0) / ps.length,
    y: ps.reduce((s, p) => s + p.y, 0) / ps.length,
  });
  const [zm, wm] = [mean(from), mean(to)];
  let re = 0;
  let im = 0;
  let norm = 0;
  from.forEach((p, i) => {
    const z = { x: p.x - zm.x, y: p.y - zm.y };
    const w = { x: to[i]!.x - wm.x, y: to[i]!.y - wm.y };
    // w · conj(z)
    re += w.x * z.x + w.y * z.y;
    im += w.y * z.x - w.x * z.y;
    norm += z.x * z.x + z.y * z.y;
  });
  const [ar, ai] = [re / norm, im / norm];
  return (p) => {
    const z = { x: p.x - zm.x, y: p.y - zm.y };
    return { x: wm.x + ar * z.x - ai * z.y, y: wm.y + ai * z.x + ar * z.y };
  };
}
