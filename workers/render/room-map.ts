import {
  CustomBlending,
  HalfFloatType,
  LinearFilter,
  Matrix3,
  Mesh,
  OneMinusSrcAlphaFactor,
  OrthographicCamera,
  PlaneGeometry,
  Scene,
  ShaderMaterial,
  SrcAlphaFactor,
  UnsignedByteType,
  WebGLRenderTarget,
  type Texture,
  type WebGLRenderer,
} from 'three';

/**
 * The room map's cells across and down the drawing: each the mean of its part of the picture.
 * Coarse on purpose: the frame's rims are a few pixels wide and its metal's roughness blurs
 * what it reflects, so what they show of the room is its layout of light, not its detail.
 */
export const MAP_SIZE = [16, 8] as const;
/** Taps across each cell, each way: 36 bilinear reads a cell, 4 608 a drawing. */
const TAPS = 6;

const VERTEX = /* glsl */ `
void main() {
  gl_Position = vec4(position.xy, 0.0, 1.0);
}`;

/** sRGB to linear light, for the picture's texels read as they are stored. */
export const LINEAR = /* glsl */ `
vec3 linear(vec3 c) {
  return mix(pow(c * 0.9478672986 + vec3(0.0521327014), vec3(2.4)), c * 0.0773993808,
    vec3(lessThanEqual(c, vec3(0.04045))));
}`;

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
  private readonly material = new ShaderMaterial({
    uniforms: {
      map: { value: null },
      uvTransform: { value: new Matrix3() },
      follow: { value: 1 },
    },
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
    depthTest: false,
    depthWrite: false,
    blending: CustomBlending,
    blendSrc: SrcAlphaFactor,
    blendDst: OneMinusSrcAlphaFactor,
  });
  private readonly scene = new Scene();
  private readonly camera = new OrthographicCamera(-1, 1, 1, -1, 0, 1);
  private readonly quad = new PlaneGeometry(2, 2);

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
    this.scene.add(new Mesh(this.quad, this.material));
  }

  get texture(): Texture {
    return this.target.texture;
  }

  /**
   * Blends `background` as the drawing shows it (its matrix already updated) into the map by
   * `follow` (1: the map becomes this picture).
   */
  read(background: Texture, follow: number): void {
    const u = this.material.uniforms;
    u.follow!.value = follow;
    (u.uvTransform!.value as Matrix3).copy(background.matrix);
    u.map!.value = background;
    blendInto(this.renderer, this.target, this.scene, this.camera);
  }

  dispose(): void {
    this.target.dispose();
    this.material.dispose();
    this.quad.dispose();
  }
}

/**
 * Renders `scene` over what `target` holds (a clear first would blend a reading into black),
 * leaving the renderer's target and clearing as they were.
 */
export function blendInto(
  renderer: WebGLRenderer,
  target: WebGLRenderTarget,
  scene: Scene,
  camera: OrthographicCamera,
): void {
  const previous = renderer.getRenderTarget();
  const autoClear = renderer.autoClear;
  renderer.autoClear = false;
  renderer.setRenderTarget(target);
  try {
    renderer.render(scene, camera);
  } finally {
    renderer.setRenderTarget(previous);
    renderer.autoClear = autoClear;
  }
}
