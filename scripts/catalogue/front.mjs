// The front of the frame (rims, bridge, end pieces, pads) and the lenses, in millimetres,
// before pantoscopic tilt. Left side = wearer's left = +X; the right side is mirrored.
import { lensOutline, outlineNormals, pointAtHeight } from './outlines.mjs';
import { ellipseProfile, merge, mirrorX, roundedRect, sweep } from './geometry.mjs';
import { bridgeParts, endPiece, padParts } from './front-fittings.mjs';
import { lensShell } from './lens.mjs';

export function frontLayout(style) {
  const [A, B] = style.lens;
  const outline = lensOutline(style.shape, A, B, 64);
  const normals = outlineNormals(outline);
  const cx = style.bridge / 2 + A / 2;
  const cy = -style.bridgeRise * B;
  const rLens = 530 / style.baseCurve;
  // Spherical lens front plus a gentle face-form wrap; zeroed at the nasal lens edge so
  // the bridge (origin) sits level with the rims it joins.
  const raw = (x, y) =>
    -((x - cx) ** 2 + (y - cy) ** 2) / (2 * rLens) - (x * x) / (2 * style.wrapRadius);
  const z0 = -raw(style.bridge / 2, 0);
  const field = (x, y) => raw(x, y) + z0;
  const midDepth = -style.lensThickness / 2;
  /** Point at outline index i, pushed s mm outward, dz from the lens mid-depth. */
  const at = (i, s, dz = 0) => {
    const x = cx + outline[i][0] + normals[i][0] * s;
    const y = cy + outline[i][1] + normals[i][1] * s;
    return [x, y, field(x, y) + midDepth + dz];
  };
  return { A, B, cx, cy, outline, normals, field, at };
}

/** Lens edge overlap of rims: the part hidden in the groove. */
export const GROOVE = 0.8;

/** Acetate rims are cut bolder on top and finer below, as real fronts are. */
export function rimScale(style, L, i) {
  const [u, v] = [L.outline[i][0] / (L.A / 2), L.outline[i][1] / (L.B / 2)];
  const { top = 1.15, bottom = 0.85, flare = 0 } = style.rim;
  const base = v > 0 ? 1 + (top - 1) * v : 1 + (1 - bottom) * v;
  // Cat-eye "wings": extra width at the upper temple corner.
  return base * (1 + flare * Math.max(0, u) ** 2 * Math.max(0, v));
}

/** Outline indices covered by a browline brow: over the top, temple side to nose side. */
export function browIndices(L) {
  const start = pointAtHeight(L.outline, 1, -0.08 * L.B);
  const end = pointAtHeight(L.outline, -1, 0.18 * L.B);
  const idx = [];
  for (let i = start; i !== end; i = (i + 1) % L.outline.length) idx.push(i);
  idx.push(end);
  return idx;
}

/** Brow width along its run: full over the top, tapering toward the nose end. */
export const browScale = (k, count) =>
  0.55 + 0.45 * Math.sin(Math.PI * Math.min(1, (k / (count - 1)) * 1.25));

const rimSides = (L, idx) => idx.map((i) => [L.normals[i][0], L.normals[i][1], 0]);
const shiftU = (profile, du) => profile.map(([u, v]) => [u + du, v]);

function rimParts(style, L) {
  const all = L.outline.map((_, i) => i);
  const { rim } = style;
  const parts = [];
  if (rim.kind === 'acetate') {
    // Inner edge sits in the lens groove; the profile is scaled about the lens edge, so
    // a bolder top only grows outward.
    const profile = shiftU(
      roundedRect(rim.width / 2, rim.depth / 2, 0.9, 3),
      rim.width / 2 - GROOVE,
    );
    const path = all.map((i) => L.at(i, 0, 0.4));
    const scaleAt = (k) => [rimScale(style, L, k), 1];
    parts.push(sweep({ path, sides: rimSides(L, all), profile, closed: true, scaleAt }));
  }
  if (rim.kind === 'wire') {
    const profile = shiftU(ellipseProfile(rim.width / 2, rim.depth / 2, 8), 0.3);
    const path = all.map((i) => L.at(i, 0));
    parts.push(sweep({ path, sides: rimSides(L, all), profile, closed: true }));
  }
  if (style.brow) {
    const idx = browIndices(L);
    const { width, depth } = style.brow;
    const profile = shiftU(roundedRect(width / 2, depth / 2, 1.1, 3), width / 2 - GROOVE);
    const path = idx.map((i) => L.at(i, 0, 0.5));
    const scaleAt = (k) => [browScale(k, idx.length), 1];
    parts.push(sweep({ path, sides: rimSides(L, idx), profile, scaleAt }));
  }
  return parts;
}

/** Builds the whole front: { frame, lenses } parts (mm, untilted) + hinge + 2D drawing data. */
export function buildFront(style) {
  const L = frontLayout(style);
  const end = endPiece(style, L);
  const leftFrame = [...rimParts(style, L), end.part, ...(style.pads ? padParts(style, L) : [])];
  const left = merge(leftFrame);
  const bridge = bridgeParts(style, L);
  const frame = merge([left, mirrorX(left), ...bridge.parts]);
  const lensLeft = lensShell(L, style.lensThickness);
  const lenses = merge([lensLeft, mirrorX(lensLeft)]);
  return {
    frame,
    lenses,
    hinge: end.hinge,
    layout: L,
    drawing: { endPath: end.path, endHeight: end.height, bridgePath: bridge.path2d },
  };
}
