import { RIM_DIRECTIONS } from './lens-rims';

/** Each copy's own uniform: its lens's space → the glasses' (lens-rims.ts). */
export const LENS_VERTEX = /* glsl */ `
uniform mat4 toGlasses;
varying vec2 vGlasses;
void main() {
  vGlasses = (toGlasses * vec4(position, 1.0)).xy;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}`;

/**
 * The picture behind a lens, scaled about the eye behind it: each fragment samples the video at
 * the point `scale.x` times nearer that eye (the nearer of the two centres) along `axisDir` (the
 * cylinder's axis in the drawing's pixels, lens-axis.ts) and `scale.y` times nearer across it
 * (a sphere: both alike), through the background's own transform (mirroring, a crop); the axis
 * comes already mirrored with the picture, since the scaling is done in the drawing's pixels,
 * before that transform. Then filtered by the lens's tint: each channel
 * times mix(1, tint, density), the density fading from above the eye to below it for a gradient
 * (over about the eyes' span).
 *
 * A minus lens's edge: near the rim, over a band as wide as `bandShare` of the edge's thickness
 * there (the sag of a surface of `surfaceRadius` mm at the rim's distance from the opening's
 * centre, plus `centreThickness`), the view is turned further (the picture drawn in from
 * farther out) and lightened, as a thick edge shows. `surfaceRadius` 0: no band.
 */
export const LENS_FRAGMENT = /* glsl */ `
#define DIRECTIONS ${RIM_DIRECTIONS}
uniform sampler2D map;
uniform mat3 uvTransform;
uniform vec2 size;
uniform vec2 centres[2];
uniform vec2 scale;
uniform vec2 axisDir;
uniform vec3 tint;
uniform float density;
uniform float gradient;
uniform vec2 rimCentres[2];
uniform vec4 rimRadii[${(2 * RIM_DIRECTIONS) / 4}];
uniform vec4 rimExtents;
uniform float surfaceRadius;
uniform float centreThickness;
uniform float bandShare;
varying vec2 vGlasses;

float rimRadius(int side, vec2 d) {
  float turn = fract(atan(d.y, d.x) / 6.28318531 + 1.0) * float(DIRECTIONS);
  int i0 = int(floor(turn)) % DIRECTIONS;
  int a = side * DIRECTIONS + i0;
  int b = side * DIRECTIONS + (i0 + 1) % DIRECTIONS;
  return mix(rimRadii[a / 4][a % 4], rimRadii[b / 4][b % 4], fract(turn));
}

/** 0 inside, rising to 1 at the rim over the edge's band. */
float edgeBand() {
  if (surfaceRadius <= 0.0) return 0.0;
  int side = vGlasses.x < 0.0 ? 0 : 1;
  vec2 d = (vGlasses - rimCentres[side]) * 10.0;
  // Most of a lens is nearer its centre than the widest band reaches in from the nearest rim:
  // nothing to look up there.
  vec2 extent = (side == 0 ? rimExtents.xy : rimExtents.zw) * 10.0;
  float far = min(extent.y, surfaceRadius);
  float widest = bandShare * (centreThickness + surfaceRadius - sqrt(surfaceRadius * surfaceRadius - far * far));
  if (length(d) < extent.x - widest) return 0.0;
  float rim = rimRadius(side, d) * 10.0;
  if (rim <= 0.0) return 0.0;
  float h = min(rim, surfaceRadius);
  float edge = centreThickness + surfaceRadius - sqrt(surfaceRadius * surfaceRadius - h * h);
  return smoothstep(rim - bandShare * edge, rim, length(d));
}

void main() {
  vec2 p = gl_FragCoord.xy;
  vec2 c = distance(p, centres[0]) < distance(p, centres[1]) ? centres[0] : centres[1];
  float band = edgeBand();
  vec2 d = p - c;
  vec2 across = vec2(-axisDir.y, axisDir.x);
  vec2 seen = axisDir * (dot(d, axisDir) / scale.x) + across * (dot(d, across) / scale.y);
  vec2 uv = (c + seen / (1.0 - 0.25 * band)) / size;
  vec4 colour = texture2D(map, (uvTransform * vec3(uv, 1.0)).xy);
  // The video is uploaded as sRGB bytes and decoded here, as three's own background does.
  colour.rgb = mix(
    pow(colour.rgb * 0.9478672986 + vec3(0.0521327014), vec3(2.4)),
    colour.rgb * 0.0773993808,
    vec3(lessThanEqual(colour.rgb, vec3(0.04045)))
  );
  float span = max(distance(centres[0], centres[1]), 1.0);
  float fade = mix(1.0, clamp(0.6 + (p.y - c.y) / (0.45 * span), 0.15, 1.0), gradient);
  colour.rgb *= mix(vec3(1.0), tint, density * fade);
  colour.rgb = mix(colour.rgb, vec3(0.8), 0.35 * band);
  gl_FragColor = colour;
  #include <colorspace_fragment>
}`;
