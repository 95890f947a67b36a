import { ShaderChunk } from 'three';

/**
 * The share of the frame's and the lenses' reflections that shows the room (the picture's room
 * map, room-map.ts); the rest is the studio environment's. The picture holds the room's layout
 * of light but not its highlights (a lamp or a window is clipped at white), which the studio's
 * keep: with the room alone, metal reads as grey plastic.
 */
const ROOM_SHARE = 0.7;
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
 * the studio environment) with the room's put in by ROOM_SHARE, divided by `gain`, the scale the
 * material's outgoing light takes afterwards (the room's picture is lit as it is already).
 * Needs the room probe's declarations (room-lit.ts: roomCell, roomOn) before it.
 */
export function reflectionDeclarations(gain: string): string {
  return /* glsl */ `
#ifdef USE_ENVMAP
uniform sampler2D roomMap;
uniform float roomReflect;
vec3 roomSeen(vec3 viewDir, vec3 normal, float roughness) {
  vec3 r = reflect(-viewDir, normal);
  float across = length(r.xy);
  vec2 uv = 0.5 + 0.5 * r.xy / max(across, 1e-4) *
    mix(${glsl(RING[0])}, ${glsl(RING[1])}, min(across, 1.0));
  vec3 cell = texture2D(roomMap, uv).rgb;
  // Along the view the direction's side is unsteady: the room as a whole.
  float sharp = smoothstep(0.0, 0.35, across) *
    (1.0 - smoothstep(${glsl(BLUR[0])}, ${glsl(BLUR[1])}, roughness));
  return mix(roomCell(3.0), cell * cell, sharp);
}
vec3 roomReflection(vec3 studio, vec3 viewDir, vec3 normal, float roughness) {
  vec3 room = roomSeen(viewDir, normal, roughness) * envMapIntensity / (${gain});
  return mix(studio, room, ${glsl(ROOM_SHARE)} * roomReflect * roomOn);
}
#endif
`;
}

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
