// Temple arms: straight back from the hinge, then bent down behind the ear. Built for the
// left (+X) side in millimetres; the path length from the hinge equals templeLength.
import { add, ellipseProfile, roundedRect, scale, sweep } from './geometry.mjs';

const BEND_RADIUS = 22;
const BEND_ANGLE = (48 * Math.PI) / 180;

function templePath(style, hinge) {
  const T = style.templeLength;
  const straight = T * 0.7;
  // Open the arms just enough to clear a typical head at the ears, as a fitter would.
  const reach = style.earHalfWidth - hinge[0];
  const splay = Math.min(0.14, Math.max(0.02, Math.atan2(reach, straight)));
  const dir = [Math.sin(splay), 0, -Math.cos(splay)];
  const arc = BEND_RADIUS * BEND_ANGLE;
  const drop = T - straight - arc;
  const pts = [];
  const dist = [];
  // Start 1.5 mm inside the end piece so the joint never shows a gap.
  // Dense where the arm slims near the hinge, sparse along the straight run.
  const marks = [-1.5, 0, 6, 13, 21, 29, 36];
  for (let k = 1; k <= 4; k++) marks.push(36 + ((straight - 36) * k) / 4);
  for (const s of marks) {
    pts.push(add(hinge, scale(dir, s)));
    dist.push(s);
  }
  const bendStart = pts[pts.length - 1];
  for (let k = 1; k <= 8; k++) {
    const a = (BEND_ANGLE * k) / 8;
    const along = BEND_RADIUS * Math.sin(a);
    const down = BEND_RADIUS * (1 - Math.cos(a));
    pts.push(add(bendStart, [dir[0] * along, -down, dir[2] * along]));
    dist.push(straight + BEND_RADIUS * a);
  }
  const bendEnd = pts[pts.length - 1];
  const drive = [
    dir[0] * Math.cos(BEND_ANGLE),
    -Math.sin(BEND_ANGLE),
    dir[2] * Math.cos(BEND_ANGLE),
  ];
  for (let k = 1; k <= 8; k++) {
    const s = (drop * k) / 8;
    // The tip curls a few millimetres toward the skull, as real temples are shaped.
    const curl = -3 * (k / 8) ** 2;
    pts.push(add(bendEnd, [drive[0] * s + curl, drive[1] * s, drive[2] * s]));
    dist.push(straight + arc + s);
  }
  return { pts, dist, dir, side: [Math.cos(splay), 0, Math.sin(splay)] };
}

/** Rounded tip: a few shrinking rings past the end of the path. */
function addTip(pts, dist, radius) {
  const n = pts.length;
  const d = pts[n - 1].map((c, i) => c - pts[n - 2][i]);
  const len = Math.hypot(...d);
  const scales = [];
  for (let k = 1; k <= 3; k++) {
    const a = (k / 3.4) * (Math.PI / 2);
    pts.push(add(pts[n - 1], scale(d, (radius * Math.sin(a)) / len)));
    dist.push(dist[n - 1]);
    scales.push(Math.cos(a));
  }
  return scales;
}

export function buildTemple(style, hinge) {
  const { pts, dist, side } = templePath(style, hinge);
  const T = style.templeLength;
  const t = style.temple;
  let profile;
  let sizeAt;
  if (t.kind === 'acetate') {
    profile = roundedRect(t.thickness / 2, t.height / 2, Math.min(1.2, t.thickness / 2 - 0.1), 3);
    // Full height at the hinge, slimming along the arm, slightly fuller at the tip.
    sizeAt = (s) => {
      const slim = s < 35 ? 1 - 0.25 * (s / 35) : 0.75;
      return [1, s > T * 0.72 ? Math.max(slim, 0.85) : slim];
    };
  } else {
    profile = ellipseProfile(t.diameter / 2, t.diameter / 2, 8);
    // Thin wire with a thicker plastic-style sleeve from just before the bend.
    sizeAt = (s) => {
      const k = Math.min(1, Math.max(0, (s - (T * 0.62 - 8)) / 8));
      return [1 + 0.9 * k, 1 + 1.1 * k];
    };
  }
  const base = dist.map(sizeAt);
  const tipRadius = (t.kind === 'acetate' ? t.thickness : t.diameter * 1.9) / 2;
  const tipScales = addTip(pts, dist, tipRadius);
  const last = base[base.length - 1];
  const scales = base.concat(tipScales.map((f) => [last[0] * f, last[1] * f]));
  return sweep({ path: pts, sides: side, profile, scaleAt: (i) => scales[i] });
}
