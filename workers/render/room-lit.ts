import {
  type Material,
  type Mesh,
  type Object3D,
  type WebGLProgramParametersWithUniforms,
} from 'three';
import { isLens, meshesOf } from '../fit/fit-geometry';
import { PROBE_CELLS, type RoomUniforms } from './room-light';
import { REFLECTION_DECLARATIONS, reflectingLightMaps } from './room-reflect';

/**
 * The face's linear luminance (Rec. 709) the studio environment is drawn for: a face this bright
 * leaves the frame's light as it is; a darker room darkens it, a brighter one brightens it,
 * within LEVEL_RANGE.
 */
const FACE_LEVEL = 0.2;
const LEVEL_RANGE = [0.6, 1.3] as const;
/**
 * How far the face's brighter side brightens the frame on that side, within SIDE_RANGE of the
 * frame's middle: the frame is lit as the skin beside it is.
 */
const SIDE_RANGE = [0.6, 1.4] as const;
/**
 * How much of the picture's grey-world cast the frame takes (a warm room warms it), each channel
 * within CAST_RANGE of the mean: a picture that is mostly a red wall tints it, but not red.
 */
const CAST_SHARE = 0.8;
const CAST_RANGE = [0.7, 1.4] as const;

/**
 * The contact shadow (contact-shadow.ts) falls away from the face's brighter side: by this many
 * eye spans for each unit of the cheeks' contrast ((bright − dark) / (bright + dark)), counted up
 * to SHADOW_CONTRAST. A light 45° to one side lights the cheeks' normals (about ±30° off the
 * front) at cos 15° and cos 75°, a contrast near 0.6, and casts rims 0.5–1 cm before the skin
 * 0.5–1 cm over: about 0.1 eye spans, inside the shadow's margin (contact-shadow.ts).
 */
const SHADOW_SHIFT = 0.17;
const SHADOW_CONTRAST = 0.6;
/**
 * The contact shadow's darkness under an even light, against a light from one side (contrast
 * SHADOW_CONTRAST and more), which keeps SHADOW_OPACITY's (contact-shadow.ts): the frame hides
 * part of a broad light from the skin below it, but all of a single lamp's.
 */
const SHADOW_EVEN = 0.6;
const glsl = (n: number) => n.toFixed(4);

const PROBE = /* glsl */ `
uniform sampler2D roomProbe;
uniform vec4 roomEyes;
uniform float roomOn;
float roomLum(vec3 c) { return dot(c, vec3(0.2126, 0.7152, 0.0722)); }
vec3 roomCell(float i) {
  vec3 s = texture2D(roomProbe, vec2((i + 0.5) / ${glsl(PROBE_CELLS)}, 0.5)).rgb;
  return s * s;
}
`;

const DECLARE = /* glsl */ `${PROBE}
vec3 roomGain() {
  float roomLeft = roomLum(roomCell(0.0));
  float roomRight = roomLum(roomCell(1.0));
  float roomFace = roomLum(roomCell(2.0));
  vec3 roomWorld = roomCell(3.0);
  float roomLevel = clamp(roomFace / ${glsl(FACE_LEVEL)}, ${glsl(LEVEL_RANGE[0])}, ${glsl(LEVEL_RANGE[1])});
  // Where this fragment is along the eye line: 0 at the picture's left eye, 1 at its right one.
  vec2 axis = roomEyes.zw - roomEyes.xy;
  float t = clamp(dot(gl_FragCoord.xy - roomEyes.xy, axis) / max(dot(axis, axis), 1.0), -0.5, 1.5);
  float roomSide = clamp(mix(roomLeft, roomRight, t) / max(0.5 * (roomLeft + roomRight), 1e-4),
    ${glsl(SIDE_RANGE[0])}, ${glsl(SIDE_RANGE[1])});
  vec3 roomCast = clamp(roomWorld / max(roomLum(roomWorld), 1e-4), vec3(${glsl(CAST_RANGE[0])}),
    vec3(${glsl(CAST_RANGE[1])}));
  roomCast = mix(vec3(1.0), roomCast, ${glsl(CAST_SHARE)});
  return mix(vec3(1.0), roomLevel * roomSide * roomCast, roomOn);
}
`;

const SHADOW = /* glsl */ `${PROBE}
// The picture-right cheek's contrast against the picture-left one's, within the counted range.
float roomContrast() {
  float roomLeft = roomLum(roomCell(0.0));
  float roomRight = roomLum(roomCell(1.0));
  float c = (roomRight - roomLeft) / max(roomRight + roomLeft, 1e-4);
  return roomOn * clamp(c, -${glsl(SHADOW_CONTRAST)}, ${glsl(SHADOW_CONTRAST)});
}
// The shadow's darkness for the light's direction: SHADOW_EVEN under an even light, whole under
// a light from one side; whole without the room's light.
float roomShadowDepth() {
  float side = abs(roomContrast()) / ${glsl(SHADOW_CONTRAST)};
  return mix(1.0, mix(${glsl(SHADOW_EVEN)}, 1.0, side), roomOn);
}
`;

/**
 * The mask sampled where the shadow falls from, moved along the eye line away from the light,
 * and as dark as the light's direction makes it.
 */
const SHADOW_MASK = /* glsl */ `
#ifdef USE_ALPHAMAP
  vec2 roomShift = -(roomEyes.zw - roomEyes.xy) * roomContrast() * ${glsl(SHADOW_SHIFT)};
  vec2 roomUv = vAlphaMapUv - dFdx(vAlphaMapUv) * roomShift.x - dFdy(vAlphaMapUv) * roomShift.y;
  diffuseColor.a *= texture2D(alphaMap, roomUv).g * roomShadowDepth();
#endif
`;

const LIT = 'roomLit';
const SHADED = 'roomShadow';

/**
 * Lets the room's light place the contact shadow (contact-shadow.ts): it falls away from the
 * face's brighter side, at SHADOW_OPACITY's darkness (which the outside checks bound) under a
 * light from one side and lighter under an even one.
 */
export function shadowByRoom(shadow: Mesh, uniforms: RoomUniforms): void {
  const material = shadow.material as Material;
  if (material.userData[SHADED]) return;
  material.userData[SHADED] = true;
  material.onBeforeCompile = (shader: WebGLProgramParametersWithUniforms) => {
    Object.assign(shader.uniforms, uniforms);
    shader.fragmentShader = shader.fragmentShader
      .replace('void main() {', `${SHADOW}\nvoid main() {`)
      .replace('#include <alphamap_fragment>', SHADOW_MASK);
  };
  material.customProgramCacheKey = () => SHADED;
  material.needsUpdate = true;
}

const LENS = 'roomReflected';
/** three's reflections with the room's in them; null (studio alone) if three's chunk moved. */
const LIGHT_MAPS = reflectingLightMaps();
if (!LIGHT_MAPS) console.warn('room reflections off: three.js changed lights_fragment_maps');
/**
 * Which way each material is lit (LIT or LENS). Kept here, not in userData, which a clone
 * copies without the onBeforeCompile that goes with it.
 */
const dressed = new WeakMap<Material, string>();

const FRAME_DECLARE = `${DECLARE}\n${REFLECTION_DECLARATIONS}`;
const LENS_DECLARE = `${PROBE}\n${REFLECTION_DECLARATIONS}`;

/** The patch for a frame's material (LIT) or a lens's (LENS). */
function patchFor(kind: string, uniforms: RoomUniforms) {
  return (shader: WebGLProgramParametersWithUniforms) => {
    Object.assign(shader.uniforms, uniforms);
    const lens = kind === LENS;
    const declare = lens ? LENS_DECLARE : FRAME_DECLARE;
    let fragment = shader.fragmentShader.replace('void main() {', `${declare}\nvoid main() {`);
    if (LIGHT_MAPS) fragment = fragment.replace('#include <lights_fragment_maps>', LIGHT_MAPS);
    if (!lens) {
      fragment = fragment.replace(
        '#include <opaque_fragment>',
        'outgoingLight *= roomGain();\n#include <opaque_fragment>',
      );
    }
    shader.fragmentShader = fragment;
  };
}

/**
 * Lights `glasses`' frame by the room (room-light.ts): each lit material's outgoing light is
 * scaled by the face's level, the side of the face it is on and the picture's cast, before it is
 * written, and its reflections show the room (room-reflect.ts). Lenses only reflect it: what
 * they show of the picture behind is already lit by the room. A material is changed once,
 * however often it is worn; one a lens shares with the frame is copied for the lens.
 */
export function lightByRoom(glasses: Object3D, uniforms: RoomUniforms): void {
  for (const mesh of meshesOf(glasses)) {
    const kind = isLens(mesh) ? LENS : LIT;
    const materials = ([] as Material[]).concat(mesh.material).map((material) => {
      const done = dressed.get(material);
      return done === undefined || done === kind ? material : material.clone();
    });
    mesh.material = Array.isArray(mesh.material) ? materials : materials[0]!;
    for (const material of materials) {
      if (dressed.has(material) || !('envMap' in material)) continue;
      dressed.set(material, kind);
      material.onBeforeCompile = patchFor(kind, uniforms);
      material.customProgramCacheKey = () => kind;
      material.needsUpdate = true;
    }
  }
}
