import {
  HalfFloatType,
  Matrix3,
  UnsignedByteType,
  Vector2,
  Vector4,
  WebGLRenderTarget,
  type Texture,
  type WebGLRenderer,
} from 'three';
import { BlendPass, LINEAR } from './blend-pass';
import { followShare, RoomMap } from './room-map';

/**
 * The probe's cells, each the mean colour of one part of the picture (square roots of linear
 * light): the face below the picture's left eye, below its right eye, the face as a whole, and
 * the whole picture (its grey world: the room's colour cast).
 */
export const PROBE_CELLS = 4;
/** Taps across each cell's patch, each way: 64 bilinear reads a cell. */
const TAPS = 8;

const FRAGMENT = /* glsl */ `
uniform sampler2D map;
uniform mat3 uvTransform;
uniform vec4 patches[${PROBE_CELLS}];
uniform float follow;
${LINEAR}

void main() {
  // Each cell of the probe reads its own patch.
  float cell = floor(gl_FragCoord.x);
  vec4 p = cell < 1.0 ? patches[0] : cell < 2.0 ? patches[1] : cell < 3.0 ? patches[2] : patches[3];
  vec3 sum = vec3(0.0);
  for (int i = 0; i < ${TAPS}; i++) {
    for (int j = 0; j < ${TAPS}; j++) {
      vec2 at = p.xy + p.zw * ((vec2(float(i), float(j)) + 0.5) / ${TAPS}.0 * 2.0 - 1.0);
      vec2 uv = (uvTransform * vec3(clamp(at, 0.0, 1.0), 1.0)).xy;
      sum += linear(texture2D(map, uv).rgb);
    }
  }
  gl_FragColor = vec4(sqrt(sum / ${TAPS * TAPS}.0), follow);
}`;

/**
 * The light of the room, read from the picture itself on the GPU, with nothing read back: a
 * PROBE_CELLS × 1 target the frame's materials sample (room-lit.ts). Each draw blends the
 * picture's newest reading into it, so it follows over FOLLOW_S of the picture's own time.
 */
export class RoomLight {
  private readonly target: WebGLRenderTarget;
  /** The picture's layout of light, which the frame's metal and the lenses reflect. */
  private readonly map: RoomMap;
  /** What every material lit by the room shares (room-lit.ts). */
  readonly uniforms: RoomUniforms;
  private readonly pass = new BlendPass(FRAGMENT, {
    map: { value: null },
    uvTransform: { value: new Matrix3() },
    patches: { value: Array.from({ length: PROBE_CELLS }, () => new Vector4()) },
    follow: { value: 1 },
  });
  private lastS: number | null = null;
  /**
   * While set, drawings keep the probe as it is and only place their eyes: 全部试戴's crops of
   * the still the preview shows, whose own crop would read a part of it as the whole picture.
   */
  hold = false;

  constructor(private readonly renderer: WebGLRenderer) {
    // Half floats keep a slow blend from stalling on 8-bit steps, where the context renders them.
    const ext = renderer.extensions;
    const half = ext.has('EXT_color_buffer_float') || ext.has('EXT_color_buffer_half_float');
    this.target = new WebGLRenderTarget(PROBE_CELLS, 1, {
      depthBuffer: false,
      type: half ? HalfFloatType : UnsignedByteType,
    });
    // Both passes compile now, where no face is drawn yet, not at the first face.
    this.pass.compile(renderer, this.target);
    this.map = new RoomMap(renderer, half);
    this.uniforms = {
      roomProbe: { value: this.target.texture },
      roomMap: { value: this.map.texture },
      roomEyes: { value: new Vector4() },
      roomOn: { value: 1 },
      roomReflect: { value: 1 },
    };
  }

  /** Whether the frames are lit by the room; off (`?light=off`), by the studio alone. */
  set on(on: boolean) {
    this.uniforms.roomOn.value = on ? 1 : 0;
  }

  /** Whether the frame's metal and the lenses reflect the room; off (`?reflect=off`), the studio. */
  set reflects(on: boolean) {
    this.uniforms.roomReflect.value = on ? 1 : 0;
  }

  /**
   * Reads the room's light from `background` as the next drawing shows it: `width` × `height`
   * px, the eyes at `eyes` ([x0, y0, x1, y1] fractions from the top left; none: no face, and
   * the probe keeps what it had), the picture's time `atS`.
   */
  frame(background: Texture, eyes: readonly number[], width: number, height: number, atS: number) {
    if (!this.uniforms.roomOn.value || eyes.length < 4) return;
    // The picture's left eye first, as the probe's cells are (a mirrored picture's are not).
    const [left, right] = eyesInDrawing(eyes, width, height);
    this.uniforms.roomEyes.value.set(left.x, left.y, right.x, right.y);
    if (this.hold) return;
    const dt = this.lastS === null ? Infinity : atS - this.lastS;
    this.lastS = atS;
    const u = this.pass.uniforms;
    u.follow!.value = followShare(dt);
    background.updateMatrix();
    (u.uvTransform!.value as Matrix3).copy(background.matrix);
    u.map!.value = background;
    const patches = u.patches!.value as Vector4[];
    probePatches(eyes, width, height).forEach((p, i) => patches[i]!.copy(p));
    this.pass.into(this.renderer, this.target);
    this.map.read(background, atS);
  }

  dispose(): void {
    this.map.dispose();
    this.target.dispose();
    this.pass.dispose();
  }
}

/**
 * The probe (PROBE_CELLS × 1, square roots of linear light), the eyes in the drawing (px from its
 * bottom left: x0, y0, x1, y1) and whether the room lights the frame at all (1 or 0).
 */
export interface RoomUniforms {
  roomProbe: { value: Texture };
  /** The picture's light, MAP_SIZE cells from the drawing's bottom left (room-map.ts). */
  roomMap: { value: Texture };
  roomEyes: { value: Vector4 };
  roomOn: { value: number };
  /** Whether reflections show the room (1) or the studio alone (0). */
  roomReflect: { value: number };
}

/**
 * The probe's patches as [centre x, centre y, half width, half height], fractions of the drawing
 * from its bottom left: a square a little under half an eye span across, half a span below each
 * eye (the cheeks); a span and a half square below the eyes' midpoint (the face); the drawing.
 */
export function probePatches(
  eyes: readonly number[],
  width: number,
  height: number,
): [Vector4, Vector4, Vector4, Vector4] {
  const [left, right] = eyesInDrawing(eyes, width, height);
  const span = Math.max(left.distanceTo(right), 1);
  const along = right.clone().sub(left).divideScalar(span);
  // Towards the chin: the eye line turned a quarter clockwise (y runs up).
  const down = new Vector2(along.y, -along.x);
  const patch = (centre: Vector2, half: number) =>
    new Vector4(centre.x / width, centre.y / height, half / width, half / height);
  const below = (eye: Vector2, by: number) => eye.clone().addScaledVector(down, by * span);
  const mid = left.clone().add(right).multiplyScalar(0.5);
  return [
    patch(below(left, 0.5), 0.2 * span),
    patch(below(right, 0.5), 0.2 * span),
    patch(below(mid, 0.35), 0.75 * span),
    new Vector4(0.5, 0.5, 0.5, 0.5),
  ];
}

/**
 * The eyes ([x0, y0, x1, y1], fractions from the top left, in the tracker's order) in the
 * drawing's px from its bottom left, the picture's left one first.
 */
export function eyesInDrawing(
  eyes: readonly number[],
  width: number,
  height: number,
): [Vector2, Vector2] {
  const [x0, y0, x1, y1] = eyes as [number, number, number, number];
  const a = new Vector2(x0 * width, (1 - y0) * height);
  const b = new Vector2(x1 * width, (1 - y1) * height);
  return a.x <= b.x ? [a, b] : [b, a];
}
