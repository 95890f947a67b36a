// Bridges, end pieces and nose pads: the small parts that join the rims (millimetres,
// untilted front space, left side unless noted).
import { pointAtHeight, pointOnTop } from './outlines.mjs';
import { bezier, ellipseProfile, ellipsoid, roundedRect, sweep } from './geometry.mjs';

const isMetal = (style) => style.frame.kind === 'metal' && !style.brow;

/** Outward offset of the rim's outer edge from the lens edge at the hinge. */
function rimReach(style) {
  if (style.brow) return style.brow.width - 0.8;
  return style.rim.kind === 'acetate' ? style.rim.width * 1.05 - 0.8 : style.rim.width - 0.8;
}

export function endPiece(style, L) {
  const i = pointAtHeight(L.outline, 1, style.hingeRise * L.B);
  const metal = isMetal(style);
  // Rimless end pieces are screwed into the lens itself, so they start inside it.
  const s = style.rim.kind === 'none' ? -2.5 : style.rim.kind === 'wire' ? 0.3 : 1.5;
  const start = L.at(i, s);
  const wing = style.rim.kind === 'none' ? 5 : metal ? 2.5 : 3;
  const xOut = L.at(i, Math.max(rimReach(style), 0))[0] + wing;
  const back = metal ? 5 : 7;
  const hinge = [xOut, start[1], start[2] - back];
  // Straight out, a quarter turn wider than the profile (so it never folds), straight back.
  const r = metal ? 2 : 3.2;
  const path = [start, [xOut - r, start[1], start[2]]];
  for (let k = 1; k <= 6; k++) {
    const a = (k / 6) * (Math.PI / 2);
    path.push([xOut - r + r * Math.sin(a), start[1], start[2] - r + r * Math.cos(a)]);
  }
  path.push(hinge);
  const height = metal ? 3 : Math.min(7.6, L.B * 0.2);
  const profile = metal ? roundedRect(1.5, 0.9, 0.6) : roundedRect(height / 2, 2.1, 0.9, 3);
  return { part: sweep({ path, sides: [0, 1, 0], profile }), hinge, path, height };
}

export function bridgeParts(style, L) {
  const parts = [];
  const wireProfile = ellipseProfile(1.1, 0.95, 8);
  // An arch from the right rim to the left one, its apex at the origin (bridge centre).
  const arch = (yAttach, s, rise, profile, dz = 0) => {
    const i = pointAtHeight(L.outline, -1, yAttach - L.cy);
    const p = L.at(i, s, dz);
    const mid = [0, yAttach + rise, dz + 0.4];
    const ctrl = [
      [-p[0], p[1], p[2]],
      [-p[0] * 0.35, mid[1], mid[2]],
      [p[0] * 0.35, mid[1], mid[2]],
      p,
    ];
    const path = bezier(ctrl, 14);
    parts.push(sweep({ path, sides: [0, 0, 1], profile }));
    return path;
  };
  let path2d = [];
  if (style.bridgeKind === 'acetate') {
    const h = Math.min(3.2, style.rim.width * 0.7);
    const profile = roundedRect(style.rim.depth * 0.45, h, 0.9, 3);
    path2d = arch(-2, style.rim.width / 2 - 0.8, 2, profile, 0.4);
  } else if (style.bridgeKind === 'wire') {
    path2d = arch(-2.2, 0.3, 2.2, wireProfile);
  } else if (style.bridgeKind === 'rimless') {
    path2d = arch(-2.5, -2.5, 2.5, wireProfile);
  } else if (style.bridgeKind === 'double') {
    path2d = arch(-2.5, 0.3, 2.5, wireProfile);
    // Aviator top bar: nearly straight across the top of both lenses.
    const p = L.at(pointOnTop(L.outline, -0.2 * L.A), 0.3);
    const y = p[1] + 0.4;
    const ctrl = [[-p[0], p[1], p[2]], [-p[0] * 0.4, y, 0.8], [p[0] * 0.4, y, 0.8], p];
    const bar = bezier(ctrl, 14);
    parts.push(sweep({ path: bar, sides: [0, 0, 1], profile: wireProfile }));
    path2d = path2d.concat([null], bar);
  }
  return { parts, path2d };
}

/** Nose pad on a wire arm, facing the side of the nose (inward and slightly forward). */
export function padParts(style, L) {
  const i = pointAtHeight(L.outline, -1, 0.05 * L.B);
  const a = L.at(i, style.rim.kind === 'none' ? -2 : 0.3);
  const pad = [style.bridge / 2 + 0.2, L.cy + 0.02 * L.B, a[2] - 8];
  const arm = bezier(
    [
      a,
      [a[0] - 1.5, a[1], a[2] - 3.5],
      [pad[0] + 2, pad[1] + 1.5, pad[2] + 1.5],
      [pad[0] + 0.9, pad[1], pad[2]],
    ],
    10,
  );
  const rot = (-25 * Math.PI) / 180;
  const place = ([x, y, z]) => [
    pad[0] + x * Math.cos(rot) + z * Math.sin(rot),
    pad[1] + y,
    pad[2] - x * Math.sin(rot) + z * Math.cos(rot),
  ];
  return [
    sweep({ path: arm, sides: [0, 1, 0], profile: ellipseProfile(0.55, 0.55, 6) }),
    ellipsoid([0.9, 5.5, 3.4], place, 6, 8),
  ];
}
