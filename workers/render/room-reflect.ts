import { ShaderChunk } from 'three';

/**
 * How far the room can brighten a reflection: its brightest part (a window, a lamp) against
 * its mean, each channel. A picture clips them at white, so the studio's highlights, which the
 * room's shape scales, keep what a picture cannot hold.
 */
const SHAPE_MAX = 4;
/**
 * Where a reflected direction lands on the picture, as a share of its half width and height
 * from its middle: along the view (straight back or ahead) at RING[0], across it at RING[1].
 * The face fills the middle: a reflection reads the room around the head, in the direction it
 * points (a rim's upper edge, the picture's top).
 */
const RING = [0.55, 0.95] as const;
/** Between these roughnesses the reflection blurs from one cell of the map to the whole room. */
const BLUR = [0.3, 0.9] as const;
const glsl = (n: number) => n.toFixed(4);

/**
 * `roomReflection(studio, viewDir, normal, roughness)`: the reflection `studio` (three's, from
 * the studio environment) scaled by the room's shape of light in that direction: by how much
 * brighter or darker, and of which colour, the picture is there than on average. The room's
 * level and cast are not in it: the frame's outgoing light takes those (room-lit.ts), and a
 * lens keeps the studio's level, so a bright wall behind the wearer does not veil the eyes.
 * Needs the room probe's declarations (room-lit.ts: roomCell, roomOn) before it.
 */
export const REFLECTION_DECLARATIONS = /* glsl */ `
#ifdef USE_ENVMAP
uniform sampler2D roomMap;
uniform float roomReflect;
vec3 roomShape(vec3 viewDir, vec3 normal, float roughness) {
  vec3 r = reflect(-viewDir, normal);
  float across = length(r.xy);
  vec2 uv = 0.5 + 0.5 * r.xy / max(across, 1e-4) *
    mix(${glsl(RING[0])}, ${glsl(RING[1])}, min(across, 1.0));
  vec3 cell = texture2D(roomMap, uv).rgb;
  vec3 mean = roomCell(3.0);
  // Along the view the direction's side is unsteady: the room as a whole.
  float sharp = smoothstep(0.0, 0.35, across) *
    (1.0 - smoothstep(${glsl(BLUR[0])}, ${glsl(BLUR[1])}, roughness));
  vec3 shape = clamp(cell * cell / max(mean, vec3(1e-3)), 0.0, ${glsl(SHAPE_MAX)});
  return mix(vec3(1.0), shape, sharp);
}
vec3 roomReflection(vec3 studio, vec3 viewDir, vec3 normal, float roughness) {
  return studio * mix(vec3(1.0), roomShape(viewDir, normal, roughness), roomReflect * roomOn);
}
#endif
`;

const SPECULAR = 'radiance += iblRadiance;';
const CLEARCOAT =
  /clearcoatRadiance \+= (getIBLRadiance\( geometryViewDir, geometryClearcoatNormal, material\.clearcoatRoughness \));/;

/**
 * three's image-based reflections (lights_fragment_maps) with the room's put in: the specular
 * and the clearcoat's. Null where three's chunk no longer has either line as this reads it
 * (tests/unit/room-reflect.test.ts pins the installed three's).
 */
export function reflectingLightMaps(chunk = ShaderChunk.lights_fragment_maps): string | null {
  if (!chunk.includes(SPECULAR) || !CLEARCOAT.test(chunk)) return null;
  return chunk
    .replace(
      SPECULAR,
      'radiance += roomReflection(iblRadiance, geometryViewDir, geometryNormal, material.roughness);',
    )
    .replace(
      CLEARCOAT,
      'clearcoatRadiance += roomReflection($1, geometryViewDir, geometryClearcoatNormal, material.clearcoatRoughness);',
    );
}
