import {
  HalfFloatType,
  LinearFilter,
  Matrix3,
  UnsignedByteType,
  WebGLRenderTarget,
  type Texture,
  type WebGLRenderer,
} from 'three';
import { BlendPass, LINEAR } from './blend-pass';

/**
 * The room map's cells across and down the drawing: each the mean of its part of the picture.
 * Coarse on purpose: the frame's rims are a few pixels wide and its metal's roughness blurs
 * what it reflects, so what they show of the room is its layout of light, not its detail.
 */
export const MAP_SIZE = [16, 8] as const;
/** Taps across each cell, each way: 36 bilinear reads a cell, 4 608 a drawing. */
const TAPS = 6;
/**
 * How quickly the room's readings follow the picture (s): a head turning into the light
 * brightens the frame within a few frames, while the face's own flicker (blinks, a hand, the
 * lenses' patches moving with a jittering pose) does not.
 */
const FOLLOW_S = 0.25;
/** A jump in the picture's time longer than this (s, or backwards) starts a reading afresh. */
const JUMP_S = 1;
/**
 * While a picture plays, the map is read this often at most (s): its cells follow over
 * FOLLOW_S, so readings 0.1 s apart step a third of the way each, and the pass (a render
 * target of its own) is left out of two drawings in three at 30 fps.
 */
const MAP_EVERY_S = 0.1;

/**
 * The share of a new reading blended into what a reading holds, `dt` s of the picture's time
 * after the last, following over `followS`: all of it after a jump, for a still drawn again or
 * for the first.
 */
export const followShare = (dt: number, followS = FOLLOW_S): number =>
  dt > 0 && dt < JUMP_S ? 1 - Math.exp(-dt / followS) : 1;

const FRAGMENT = /* glsl */ `
uniform sampler2D map;
uniform mat3 uvTransform;
uniform float follow;
${LINEAR}

void main() {
  vec2 cells = vec2(${MAP_SIZE[0]}.0, ${MAP_SIZE[1]}.0);
  vec2 corner = floor(gl_FragCoord.xy) / cells;
  vec3 sum = vec3(0.0);
  for (int i = 0; i < ${TAPS}; i++) {
    for (int j = 0; j < ${TAPS}; j++) {
      vec2 at = corner + (vec2(float(i), float(j)) + 0.5) / (${TAPS}.0 * cells);
      sum += linear(texture2D(map, (uvTransform * vec3(at, 1.0)).xy).rgb);
    }
  }
  gl_FragColor = vec4(sqrt(sum / ${TAPS * TAPS}.0), follow);
}`;

/**
 * The picture as a MAP_SIZE map of its light (square roots of linear light, cells laid out as
 * the drawing is, from its bottom left), read on the GPU with nothing read back: what the
 * frame's metal and the lenses reflect (room-reflect.ts). Each reading blends into what the map
 * holds, as the room probe's does (room-light.ts), so it follows the picture over its own time.
 */
export class RoomMap {
  private readonly target: WebGLRenderTarget;
  private readonly pass = new BlendPass(FRAGMENT, {
    map: { value: null },
    uvTransform: { value: new Matrix3() },
    follow: { value: 1 },
  });
  private lastS: number | null = null;

  constructor(
    private readonly renderer: WebGLRenderer,
    half: boolean,
  ) {
    this.target = new WebGLRenderTarget(MAP_SIZE[0], MAP_SIZE[1], {
      depthBuffer: false,
      type: half ? HalfFloatType : UnsignedByteType,
      minFilter: LinearFilter,
      magFilter: LinearFilter,
    });
    this.pass.compile(renderer, this.target);
  }

  get texture(): Texture {
    return this.target.texture;
  }

  /**
   * Blends `background` as the drawing shows it (its matrix already updated), at the picture's
   * time `atS`, into the map; while it plays, at most every MAP_EVERY_S.
   */
  read(background: Texture, atS: number): void {
    const dt = this.lastS === null ? Infinity : atS - this.lastS;
    if (dt > 0 && dt < MAP_EVERY_S) return;
    this.lastS = atS;
    const u = this.pass.uniforms;
    u.follow!.value = followShare(dt);
    (u.uvTransform!.value as Matrix3).copy(background.matrix);
    u.map!.value = background;
    this.pass.into(this.renderer, this.target);
  }

  dispose(): void {
    this.target.dispose();
    this.pass.dispose();
  }
}
