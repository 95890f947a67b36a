import {
  CustomBlending,
  Mesh,
  NoBlending,
  OneMinusSrcAlphaFactor,
  OrthographicCamera,
  PlaneGeometry,
  Scene,
  ShaderMaterial,
  SrcAlphaFactor,
  Vector2,
  type IUniform,
  type Texture,
  type WebGLRenderer,
  type WebGLRenderTarget,
} from 'three';
import { compileAhead } from './shader-links';

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

/**
 * A fragment shader over a whole render target, blended by its own alpha over what the target
 * holds: a reading of the picture that follows it (the room probe, room-light.ts; the room map,
 * room-map.ts).
 */
export class BlendPass {
  private readonly material: ShaderMaterial;
  private readonly scene = new Scene();
  private readonly camera = new OrthographicCamera(-1, 1, 1, -1, 0, 1);
  private readonly quad = new PlaneGeometry(2, 2);

  /** `blended` false: the shader's output replaces the target's, alpha and all. */
  constructor(fragmentShader: string, uniforms: Record<string, IUniform>, blended = true) {
    this.material = new ShaderMaterial({
      uniforms,
      vertexShader: VERTEX,
      fragmentShader,
      depthTest: false,
      depthWrite: false,
      blending: blended ? CustomBlending : NoBlending,
      blendSrc: SrcAlphaFactor,
      blendDst: OneMinusSrcAlphaFactor,
    });
    this.scene.add(new Mesh(this.quad, this.material));
  }

  get uniforms(): Record<string, IUniform> {
    return this.material.uniforms;
  }

  /**
   * Renders over what `target` holds (a clear first would blend a reading into black), leaving
   * the renderer's target and clearing as they were.
   */
  into(renderer: WebGLRenderer, target: WebGLRenderTarget): void {
    this.onto(renderer, target, () => renderer.render(this.scene, this.camera));
  }

  /**
   * Compiles the program `into` draws with now, with `target` set: three makes a program for a
   * target apart from the canvas's (output colour space, tone mapping).
   */
  compile(renderer: WebGLRenderer, target: WebGLRenderTarget): void {
    this.onto(renderer, target, () => compileAhead(renderer, this.scene, this.camera));
  }

  private onto(renderer: WebGLRenderer, target: WebGLRenderTarget, draw: () => void): void {
    const previous = renderer.getRenderTarget();
    const autoClear = renderer.autoClear;
    renderer.autoClear = false;
    renderer.setRenderTarget(target);
    try {
      draw();
    } finally {
      renderer.setRenderTarget(previous);
      renderer.autoClear = autoClear;
    }
  }

  dispose(): void {
    this.material.dispose();
    this.quad.dispose();
  }
}

type PassValues = Record<string, number | number[] | Texture | null>;

/**
 * A pass that replaces its target (own-glasses.ts), its uniforms set by name at each run: `src`
 * and `dir` always, vectors as arrays.
 */
export function replacePass(fragment: string, defaults: PassValues) {
  const uniforms = { src: { value: null }, dir: { value: new Vector2() } } as Record<
    string,
    { value: unknown }
  >;
  for (const [name, value] of Object.entries(defaults)) uniforms[name] = { value };
  const blend = new BlendPass(fragment, uniforms, false);
  return {
    run(renderer: WebGLRenderer, target: WebGLRenderTarget, values: PassValues): void {
      for (const [name, value] of Object.entries(values)) {
        const uniform = uniforms[name]!;
        if (Array.isArray(value)) (uniform.value as Vector2).set(value[0]!, value[1]!);
        else uniform.value = value;
      }
      blend.into(renderer, target);
    },
    dispose: () => blend.dispose(),
  };
}
