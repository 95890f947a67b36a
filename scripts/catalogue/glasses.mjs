// Assembles one catalogue frame into GLB-ready meshes (metres), with fit markers in the
// root node's extras and, when the style asks for it, brow blendshape morph targets.
import { buildFront } from './front.mjs';
import { buildTemple } from './temples.mjs';
import { computeNormals, mapPart, mirrorX } from './geometry.mjs';
import { linearRgb, writeGlb } from './glb-writer.mjs';
import { morphTargets } from './morphs.mjs';

const MM = 0.001;
const round6 = (v) => Math.round(v * 1e6) / 1e6;

function tiltFn(deg) {
  // Rotation about X that moves the lower rim back toward the face.
  const a = (deg * Math.PI) / 180;
  const [c, s] = [Math.cos(a), Math.sin(a)];
  return ([x, y, z]) => [x, y * c - z * s, y * s + z * c];
}

const toMetres = (part) => mapPart(part, (p) => p.map((v) => v * MM));

function gltfMaterials(style) {
  const f = style.frame;
  const l = style.lensMat;
  return [
    {
      name: `frame-${style.serialNo}`,
      pbrMetallicRoughness: {
        baseColorFactor: [...linearRgb(f.color), 1],
        metallicFactor: f.metalness,
        roughnessFactor: f.roughness,
      },
    },
    {
      name: `lens-${style.serialNo}`,
      alphaMode: 'BLEND',
      pbrMetallicRoughness: {
        baseColorFactor: [...linearRgb(l.color), l.opacity],
        metallicFactor: 0,
        roughnessFactor: 0.05,
      },
    },
  ];
}

/** Returns { glb: Buffer, info } for one style (already passed through withDefaults). */
export function buildGlasses(style) {
  const front = buildFront(style);
  const tilt = tiltFn(style.tilt);
  const hingeL = tilt(front.hinge);
  const templeL = buildTemple(style, hingeL);
  const parts = {
    frame: toMetres(mapPart(front.frame, tilt)),
    lenses: toMetres(mapPart(front.lenses, tilt)),
    temple_left: toMetres(templeL),
    temple_right: toMetres(mirrorX(templeL)),
  };
  const hingeLeft = hingeL.map((v) => round6(v * MM));
  const hingeRight = [-hingeLeft[0], hingeLeft[1], hingeLeft[2]];
  const targets = style.morphs ? morphTargets(parts, hingeLeft) : {};
  const meshes = Object.entries(parts).map(([name, part]) => ({
    name,
    positions: Float32Array.from(part.pos),
    normals: computeNormals(part),
    indices: part.idx,
    material: name === 'lenses' ? 1 : 0,
    targets: targets[name],
  }));
  const bounds = boundsOf(parts.frame.pos);
  const [A, B] = style.lens;
  const extras = {
    serialNo: style.serialNo,
    style: style.shape,
    units: 'metres',
    bridge: [0, 0, 0],
    hingeLeft,
    hingeRight,
    lensWidth: A * MM,
    lensHeight: B * MM,
    bridgeWidth: style.bridge * MM,
    templeLength: style.templeLength * MM,
    frameWidth: round6(bounds.max[0] - bounds.min[0]),
  };
  const glb = writeGlb({
    meshes,
    materials: gltfMaterials(style),
    root: { name: `glasses-${style.serialNo}`, extras },
  });
  return {
    glb,
    info: {
      ...extras,
      drawing: front.drawing,
      layout: front.layout,
      vertexCount: meshes.reduce((n, m) => n + m.positions.length / 3, 0),
    },
  };
}

function boundsOf(pos) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < pos.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      min[c] = Math.min(min[c], pos[i + c]);
      max[c] = Math.max(max[c], pos[i + c]);
    }
  }
  return { min, max };
}

/** Material parameter file consumed by the app: one entry per mesh name. */
export function materialParameters(style) {
  const f = style.frame;
  const l = style.lensMat;
  const frame = {
    color: f.color,
    metalness: f.metalness,
    roughness: f.roughness,
    clearcoat: f.clearcoat,
    clearcoatRoughness: f.clearcoatRoughness,
    envMapIntensity: f.kind === 'metal' ? 1.2 : 1,
  };
  // Lenses stay alpha-blended (transmission 0): a transmission pass would refract the
  // 3D scene only, not the camera video behind it.
  const lens = {
    color: l.color,
    metalness: 0,
    roughness: 0.04,
    transmission: 0,
    opacity: l.opacity,
    transparent: true,
    depthWrite: false,
    ior: 1.5,
    thickness: round6(style.lensThickness * MM),
    clearcoat: 1,
    clearcoatRoughness: 0.03,
    specularIntensity: 1,
    envMapIntensity: l.tinted ? 1.4 : 1,
  };
  return [
    { modelArrayOrder: 'frame', ...frame },
    { modelArrayOrder: 'lenses', ...lens },
    { modelArrayOrder: 'temple_left', ...frame },
    { modelArrayOrder: 'temple_right', ...frame },
  ];
}
