// Brow blendshape morph targets (names as MediaPipe's face blendshapes). "Left" means the
// wearer's left, which is +X in the glTF frame. One displacement field is evaluated for
// every mesh, so frame, lenses and temples stay glued together at any weight.

const LIFT = 0.002; // metres

const smoothstep = (e0, e1, x) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

/** Lift in metres at a point; temples hinge around the ear, so lift fades toward the tip. */
function fields(hingeLeft, tipZ) {
  const xh = hingeLeft[0];
  const zh = hingeLeft[2];
  const earFade = (z) => Math.min(1, Math.max(0, (z - tipZ) / (zh - tipZ)));
  const side = (sign) => (x, z) => {
    const front = LIFT * smoothstep(0, xh, sign * x);
    return z < zh ? front * earFade(z) : front;
  };
  return {
    browInnerUp: (x, z) => (z < zh ? LIFT * earFade(z) : LIFT),
    browOuterUpLeft: side(1),
    browOuterUpRight: side(-1),
  };
}

export const MORPH_NAMES = ['browInnerUp', 'browOuterUpLeft', 'browOuterUpRight'];

export function morphTargets(parts, hingeLeft) {
  let tipZ = Infinity;
  for (const name of ['temple_left', 'temple_right']) {
    const pos = parts[name].pos;
    for (let i = 2; i < pos.length; i += 3) tipZ = Math.min(tipZ, pos[i]);
  }
  const f = fields(hingeLeft, tipZ);
  const out = {};
  for (const [name, part] of Object.entries(parts)) {
    out[name] = MORPH_NAMES.map((morph) => {
      const d = new Float32Array(part.pos.length);
      const temple = name.startsWith('temple');
      for (let i = 0; i < part.pos.length; i += 3) {
        d[i + 1] = f[morph](part.pos[i], temple ? part.pos[i + 2] : Infinity);
      }
      return { name: morph, positions: d };
    });
  }
  return out;
}
