import {
  Mesh,
  OrthographicCamera,
  PlaneGeometry,
  Scene,
  ShaderMaterial,
  WebGLRenderTarget,
  type Texture,
  type WebGLRenderer,
} from 'three';

/** The thumbnail a scene cut is judged by: coarse enough that a moving head barely shows. */
export const THUMB_WIDTH = 24;
export const THUMB_HEIGHT = 18;
/** Each thumbnail cell averages TAPS × TAPS bilinear samples (64 texels) of its part of the frame. */
const TAPS = 4;

const VERTEX = /* glsl */ `
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = vec4(position.xy, 0.0, 1.0);
}`;

const FRAGMENT = /* glsl */ `
uniform sampler2D map;
varying vec2 vUv;
void main() {
  vec2 cell = vec2(1.0 / ${THUMB_WIDTH}.0, 1.0 / ${THUMB_HEIGHT}.0);
  vec2 origin = vUv - 0.5 * cell;
  float sum = 0.0;
  for (int i = 0; i < ${TAPS}; i++) {
    for (int j = 0; j < ${TAPS}; j++) {
      vec2 at = origin + (vec2(float(i), float(j)) + 0.5) / ${TAPS}.0 * cell;
      sum += dot(texture2D(map, at).rgb, vec3(0.299, 0.587, 0.114));
    }
  }
  // Back towards the picture's own (sRGB-like) levels: 8 bits then resolve dark scenes too.
  gl_FragColor = vec4(vec3(pow(sum / ${TAPS * TAPS}.0, 1.0 / 2.2)), 1.0);
}`;

/**
 * The frame's luminance at THUMB_WIDTH × THUMB_HEIGHT, drawn by the GPU from the texture the
 * picture is drawn from, and read back: 432 pixels cross, not the frame. On SwiftShader every way
 * costs about the same (this one 43–47 ms, a 2D canvas 41–48 ms, `VideoFrame.copyTo` 42–56 ms
 * before its promise settles), all waiting on the busy GPU process; only this one moves no more
 * than the thumbnail wherever the GPU is real.
 */
export class FrameThumbnail {
  private readonly target = new WebGLRenderTarget(THUMB_WIDTH, THUMB_HEIGHT, {
    depthBuffer: false,
  });
  private readonly material = new ShaderMaterial({
    uniforms: { map: { value: null } },
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
    depthTest: false,
    depthWrite: false,
  });
  private readonly scene = new Scene();
  private readonly camera = new OrthographicCamera(-1, 1, 1, -1, 0, 1);
  private readonly pixels = new Uint8Array(THUMB_WIDTH * THUMB_HEIGHT * 4);

  constructor(private readonly renderer: WebGLRenderer) {
    this.scene.add(new Mesh(new PlaneGeometry(2, 2), this.material));
  }

  /** Draws `texture` into the thumbnail and writes its luminance (0–255) into `out`. */
  read(texture: Texture, out: Float32Array): void {
    this.material.uniforms.map!.value = texture;
    const previous = this.renderer.getRenderTarget();
    this.renderer.setRenderTarget(this.target);
    this.renderer.render(this.scene, this.camera);
    this.renderer.setRenderTarget(previous);
    this.renderer.readRenderTargetPixels(this.target, 0, 0, THUMB_WIDTH, THUMB_HEIGHT, this.pixels);
    for (let i = 0; i < out.length; i++) out[i] = this.pixels[4 * i]!;
  }

  dispose(): void {
    this.target.dispose();
    this.material.dispose();
  }
}
