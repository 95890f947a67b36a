import { LINEAR } from './blend-pass';
import { BAND_TEXELS } from './face-band';

/**
 * The passes that take a wearer's own thin frame off the eye band (own-glasses.ts), each over a
 * band-sized target. The band's texels hold the picture's stored (sRGB) values, as the
 * background shows them. A rim is found the way a hair is in skin pictures (DullRazor): a grey
 * closing (the largest of the smallest values around) fills a dark line narrower than its
 * element, an opening a bright one; where either differs from the picture, a line was there.
 */

/** The element's half width, texels: 5 texels, 4.2 mm, wider than a metal rim, narrower than a brow. */
const MORPH_RADIUS = 2;
/** How far a found line is widened, texels (its antialiased edge and halo go with it). */
const WIDEN_RADIUS = 1;
/**
 * The fill's Gaussian, in steps of FILL_STEP texels (4 texels, 3.3 mm, its sigma): from the
 * skin on both sides of a rim, a brow's edge included. Smooth at that scale, it is made on a
 * target with a texel for each block of FILL_STEP × FILL_STEP band texels, its first way's taps
 * the blocks' means: a quarter of the band's texels, and a step is one of its texels.
 */
const FILL_RADIUS = 4;
const FILL_STEP = 2;
const FILL_SIGMA = 2;
/** The fill's target: FILL_STEP is 2, and the band's sides are even (face-band.ts). */
export const FILL_TEXELS = BAND_TEXELS.map((n) => n / FILL_STEP);
/** A line's depth below (or height above) its surroundings that counts, in stored values. */
export const LINE_DEPTH = [0.035, 0.08] as const;

const SIZE = `vec2(${BAND_TEXELS[0]}.0, ${BAND_TEXELS[1]}.0)`;
const f = (n: number) => n.toFixed(4);

/** The picture under the band, unwrapped onto it: rgb, and its luma in alpha. */
export const UNWRAP_VERTEX = /* glsl */ `
uniform mat3 uvTransform;
varying vec2 vVideo;
void main() {
  vec4 clip = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  vec2 drawing = clip.xy / clip.w * 0.5 + 0.5;
  vVideo = (uvTransform * vec3(drawing, 1.0)).xy;
  gl_Position = vec4(uv * 2.0 - 1.0, 0.0, 1.0);
}`;

export const UNWRAP_FRAGMENT = /* glsl */ `
uniform sampler2D map;
varying vec2 vVideo;
void main() {
  vec3 c = texture2D(map, vVideo).rgb;
  gl_FragColor = vec4(c, dot(c, vec3(0.299, 0.587, 0.114)));
}`;

/**
 * One way of a separable grey morphology over two channels. `grow`: red takes the largest
 * around, green the smallest (a dilation and an erosion side by side); else the reverse.
 * `fromAlpha` reads the unwrapped luma into both. Run across then down, twice (grow, then not):
 * red ends as the closing, green as the opening. With `radius` the widening's, on the mask.
 */
export function morphFragment(radius = MORPH_RADIUS): string {
  return /* glsl */ `
uniform sampler2D src;
uniform vec2 dir;
uniform float grow;
uniform float fromAlpha;
void main() {
  vec2 uv = gl_FragCoord.xy / ${SIZE};
  vec2 hi = vec2(-1.0);
  vec2 lo = vec2(2.0);
  for (int i = -${radius}; i <= ${radius}; i++) {
    vec4 t = texture2D(src, uv + dir * float(i) / ${SIZE});
    vec2 v = fromAlpha > 0.5 ? t.aa : t.rg;
    hi = max(hi, v);
    lo = min(lo, v);
  }
  gl_FragColor = vec4(grow > 0.5 ? vec2(hi.x, lo.y) : vec2(lo.x, hi.y), 0.0, 1.0);
}`;
}

export const WIDEN_FRAGMENT = morphFragment(WIDEN_RADIUS);

/**
 * Where a line was (red), outside the eyes, blended over the last frames' by `follow` (alpha):
 * the band moves with the face, so a rim stays on the same texels and the mask holds steady.
 */
export const LINE_FRAGMENT = /* glsl */ `
uniform sampler2D colour;
uniform sampler2D morph;
uniform vec4 eyes;
uniform vec2 eyeHalf;
uniform float follow;
void main() {
  vec2 uv = gl_FragCoord.xy / ${SIZE};
  float luma = texture2D(colour, uv).a;
  vec2 m = texture2D(morph, uv).rg;
  float line = smoothstep(${f(LINE_DEPTH[0])}, ${f(LINE_DEPTH[1])},
    max(m.r - luma, 0.7 * (luma - m.g)));
  float eye = min(length((uv - eyes.xy) / eyeHalf), length((uv - eyes.zw) / eyeHalf));
  gl_FragColor = vec4(line * smoothstep(1.0, 1.3, eye), 0.0, 0.0, follow);
}`;

/**
 * One way of the fill: the picture where no line is, spread by a Gaussian, with the weight it
 * carries (normalised convolution). `first` reads the picture and the widened mask, each tap
 * between four band texels (their mean, the targets sampled linearly); the second way reads the
 * first's sums, a tap a texel. Both are drawn on FILL_TEXELS, in the band's uv.
 */
export const FILL_FRAGMENT = /* glsl */ `
uniform sampler2D src;
uniform sampler2D mask;
uniform vec2 dir;
uniform float first;
void main() {
  vec2 uv = gl_FragCoord.xy * ${FILL_STEP}.0 / ${SIZE};
  vec4 sum = vec4(0.0);
  float total = 0.0;
  for (int i = -${FILL_RADIUS}; i <= ${FILL_RADIUS}; i++) {
    vec2 at = uv + dir * float(i * ${FILL_STEP}) / ${SIZE};
    float g = exp(-0.5 * float(i * i) / ${f(FILL_SIGMA * FILL_SIGMA)});
    vec4 t = texture2D(src, at);
    if (first > 0.5) {
      float w = 1.0 - smoothstep(0.05, 0.25, texture2D(mask, at).r);
      t = vec4(t.rgb * w, w);
    }
    sum += g * t;
    total += g;
  }
  gl_FragColor = sum / total;
}`;

/** The band as drawn over the picture: the fill where a line was, faded out at the band's edge. */
export const BAND_VERTEX = /* glsl */ `
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}`;

export const BAND_FRAGMENT = /* glsl */ `
${LINEAR}
uniform sampler2D fill;
uniform sampler2D mask;
varying vec2 vUv;
void main() {
  vec4 f = texture2D(fill, vUv);
  // Where the lines leave too little skin around to fill from, the picture stays.
  float sure = smoothstep(0.02, 0.15, f.a);
  vec2 edge = min(vUv, 1.0 - vUv) * ${SIZE} / ${f(BAND_TEXELS[1] / 8)};
  float fade = clamp(min(edge.x, edge.y), 0.0, 1.0);
  float a = clamp(2.5 * texture2D(mask, vUv).r, 0.0, 1.0) * sure * fade;
  // Decoded, then encoded for where it is drawn, as three's background is: the canvas takes the
  // stored values back, and a transmission pass's target its linear light.
  gl_FragColor = vec4(linear(clamp(f.rgb / max(f.a, 1e-3), 0.0, 1.0)), a);
  #include <colorspace_fragment>
}`;
