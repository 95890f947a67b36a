// One lens as a closed, curved shell: spherical front (base curve), parallel back, and a
// separate edge strip so the bevel keeps a crisp normal.
import { emptyPart, orientOutward, pushVertex } from './geometry.mjs';

const RINGS = [0.4, 0.75, 1];

export function lensShell(L, thickness) {
  const part = emptyPart();
  const n = L.outline.length;
  const surface = (dz, facing) => {
    const zAt = (x, y) => L.field(x, y) + dz;
    const centre = pushVertex(part, [L.cx, L.cy, zAt(L.cx, L.cy)]);
    const rings = RINGS.map((f) =>
      L.outline.map(([u, v]) => {
        const x = L.cx + u * f;
        const y = L.cy + v * f;
        return pushVertex(part, [x, y, zAt(x, y)]);
      }),
    );
    // facing = +1 keeps counter-clockwise (seen from +Z) triangles, -1 flips them.
    const tri = (a, b, c) => (facing > 0 ? part.idx.push(a, b, c) : part.idx.push(a, c, b));
    for (let i = 0; i < n; i++) tri(centre, rings[0][i], rings[0][(i + 1) % n]);
    for (let r = 0; r + 1 < rings.length; r++) {
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        tri(rings[r][i], rings[r + 1][i], rings[r + 1][j]);
        tri(rings[r][i], rings[r + 1][j], rings[r][j]);
      }
    }
  };
  surface(0, 1);
  surface(-thickness, -1);
  const front = L.outline.map(([u, v]) =>
    pushVertex(part, [L.cx + u, L.cy + v, L.field(L.cx + u, L.cy + v)]),
  );
  const back = L.outline.map(([u, v]) =>
    pushVertex(part, [L.cx + u, L.cy + v, L.field(L.cx + u, L.cy + v) - thickness]),
  );
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    part.idx.push(front[i], back[i], back[j], front[i], back[j], front[j]);
  }
  return orientOutward(part);
}
