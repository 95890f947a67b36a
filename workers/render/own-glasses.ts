import {
  CustomBlending,
  DoubleSide,
  LinearFilter,
  Matrix3,
  Mesh,
  NearestFilter,
  OneFactor,
  OneMinusSrcAlphaFactor,
  Scene,
  ShaderMaterial,
  SrcAlphaFactor,
  Vector2,
  Vector4,
  WebGLRenderTarget,
  ZeroFactor,
  type Camera,
  type Texture,
  type WebGLRenderer,
} from 'three';
import { BlendPass, replacePass } from './blend-pass';
import { BAND_EYES, BAND_TEXELS, bandGeometry } from './face-band';
import {
  BAND_FRAGMENT,
  BAND_VERTEX,
  FILL_FRAGMENT,
  FILL_TEXELS,
  LINE_FRAGMENT,
  morphFragment,
  UNWRAP_FRAGMENT,
  UNWRAP_VERTEX,
  WIDEN_FRAGMENT,
} from './own-glasses-shaders';
import { followShare } from './room-map';
import { OwnFrameReading } from './own-frame-reading';
import type { WorkerStats } from '../../src/shared/try-on-types';

/**
 * How quickly the found lines follow the picture (s): a rim that flickers in and out of the
 * reading between frames stays taken off, while a head that turns takes the mask along with it
 * (the band moves with the face; only its own picture changes).
 */
const LINES_FOLLOW_S = 0.1;
/**
 * While a picture plays, the band is read this often at most (s of its time): the reading lies
 * on the face, so it holds between readings while the head moves, and software GL is spared
 * two drawings' passes in three at 30 fps (its cost: the bench's 摘掉我的眼镜 row).
 */
const READ_EVERY_S = 0.1;

/**
 * The wearer's own thin frame taken off the picture (issue 52): the eye band (face-band.ts) is
 * unwrapped from the picture onto a target of its own, its thin lines found and filled from the
 * skin around them (own-glasses-shaders.ts), and the fill drawn over the picture on the band's
 * surface, under the anchor, before the glasses. Off until the user asks; the found lines are read
 * back once a second to tell whether they show a frame (own-frame-reading.ts).
 */
export class OwnGlasses {
  /** The band as drawn: a child of the face's anchor, drawn first of the face's content. */
  readonly mesh: Mesh;
  private readonly bandMaterial: ShaderMaterial;
  private readonly unwrapScene = new Scene();
  private readonly unwrapMaterial: ShaderMaterial;
  private readonly unwrapMesh: Mesh;
  private readonly targets: Record<
    'colour' | 'a' | 'b' | 'lines' | 'mask' | 'half' | 'fill',
    WebGLRenderTarget
  >;
  private readonly morph = replacePass(morphFragment(), { grow: 1, fromAlpha: 1 });
  private readonly widen = replacePass(WIDEN_FRAGMENT, { grow: 1, fromAlpha: 0 });
  private readonly fill = replacePass(FILL_FRAGMENT, { first: 1, mask: null });
  private readonly lines = new BlendPass(LINE_FRAGMENT, {
    colour: { value: null },
    morph: { value: null },
    eyes: { value: new Vector4(...BAND_EYES.centres) },
    eyeHalf: { value: new Vector2(...BAND_EYES.half) },
    follow: { value: 1 },
  });
  private lastS: number | null = null;
  /** Whether the found lines show a frame, read back now and then (own-frame-reading.ts). */
  readonly reading: OwnFrameReading;
  /** Hears each new verdict, which comes after its picture was drawn: the page is told. */
  onVerdict: () => void = () => {};

  constructor(private readonly renderer: WebGLRenderer) {
    // Bytes: the fill's sums lose under a level to them, and half floats cost more in software.
    // A target read only at its texels' centres is sampled nearest: a linear sample costs nearly
    // twice as much on software GL (docs/behaviour.md, 摘掉我的眼镜). The picture, the mask and
    // the fill are read between texels (the fill's block means, the band's drawing).
    const target = (linear: boolean, [width, height]: readonly number[] = BAND_TEXELS) => {
      const filter = linear ? LinearFilter : NearestFilter;
      return new WebGLRenderTarget(width, height, {
        depthBuffer: false,
        minFilter: filter,
        magFilter: filter,
      });
    };
    this.targets = {
      colour: target(true),
      a: target(false),
      b: target(false),
      lines: target(false),
      mask: target(true),
      half: target(false, FILL_TEXELS),
      fill: target(true, FILL_TEXELS),
    };
    const geometry = bandGeometry();
    this.unwrapMaterial = new ShaderMaterial({
      uniforms: { map: { value: null }, uvTransform: { value: new Matrix3() } },
      vertexShader: UNWRAP_VERTEX,
      fragmentShader: UNWRAP_FRAGMENT,
      side: DoubleSide,
      depthTest: false,
      depthWrite: false,
    });
    this.unwrapMesh = new Mesh(geometry, this.unwrapMaterial);
    this.unwrapMesh.matrixAutoUpdate = false;
    this.unwrapMesh.matrixWorldAutoUpdate = false;
    this.unwrapMesh.frustumCulled = false;
    this.unwrapScene.add(this.unwrapMesh);
    this.bandMaterial = new ShaderMaterial({
      uniforms: {
        fill: { value: this.targets.fill.texture },
        mask: { value: this.targets.mask.texture },
      },
      vertexShader: BAND_VERTEX,
      fragmentShader: BAND_FRAGMENT,
      side: DoubleSide,
      depthTest: false,
      depthWrite: false,
      // Blended while in the opaque list, so it is drawn before the frame's own parts.
      blending: CustomBlending,
      blendSrc: SrcAlphaFactor,
      blendDst: OneMinusSrcAlphaFactor,
      // The canvas stays opaque: a lower alpha would let the page show through.
      blendSrcAlpha: ZeroFactor,
      blendDstAlpha: OneFactor,
    });
    this.mesh = new Mesh(geometry, this.bandMaterial);
    this.mesh.renderOrder = -1;
    this.mesh.frustumCulled = false;
    this.mesh.visible = false;
    this.reading = new OwnFrameReading(renderer, this.targets.lines, () => this.onVerdict());
  }

  /**
   * Whether the wearer's own frame is taken off; off, the picture is drawn as it came. On, the
   * found lines are filled whether or not they read as a frame (a clear frame's rims are partly
   * taken off though not told from the face's own lines): the reading only says how sure it is.
   */
  get on(): boolean {
    return this.mesh.visible;
  }

  /** What the page is told (WorkerStats.ownFrame): off, not read yet, or the reading's verdict. */
  get verdict(): WorkerStats['ownFrame'] {
    if (!this.on) return 'off';
    const { seen } = this.reading;
    return seen === null ? 'reading' : seen ? 'seen' : 'not-seen';
  }

  set on(on: boolean) {
    this.mesh.visible = on;
    this.lastS = null;
    this.reading.reset();
  }

  /**
   * Reads the band of `background` where the mesh lies now (its world matrix up to date) through
   * `camera`, at the picture's time `atS`, and readies the band's drawing.
   */
  frame(background: Texture, camera: Camera, atS: number): void {
    if (!this.on) return;
    const { colour, a, b, lines, mask, half, fill } = this.targets;
    const dt = this.lastS === null ? Infinity : atS - this.lastS;
    // A hair under READ_EVERY_S counts as it: three frames at 30 fps sum to 0.0999… s.
    if (dt > 0 && dt < READ_EVERY_S - 1e-3) return;
    this.lastS = atS;
    background.updateMatrix();
    this.unwrapMaterial.uniforms.map!.value = background;
    (this.unwrapMaterial.uniforms.uvTransform!.value as Matrix3).copy(background.matrix);
    this.unwrapMesh.matrixWorld.copy(this.mesh.matrixWorld);
    this.render(this.unwrapScene, camera, colour);
    // The closing in red and the opening in green: across, down, then again shrinking.
    this.morph.run(this.renderer, a, { src: colour.texture, dir: [1, 0], grow: 1, fromAlpha: 1 });
    this.morph.run(this.renderer, b, { src: a.texture, dir: [0, 1], grow: 1, fromAlpha: 0 });
    this.morph.run(this.renderer, a, { src: b.texture, dir: [1, 0], grow: 0, fromAlpha: 0 });
    this.morph.run(this.renderer, b, { src: a.texture, dir: [0, 1], grow: 0, fromAlpha: 0 });
    const u = this.lines.uniforms;
    u.colour!.value = colour.texture;
    u.morph!.value = b.texture;
    u.follow!.value = followShare(dt, LINES_FOLLOW_S);
    this.lines.into(this.renderer, lines);
    this.reading.tell(atS);
    this.widen.run(this.renderer, a, { src: lines.texture, dir: [1, 0] });
    this.widen.run(this.renderer, mask, { src: a.texture, dir: [0, 1] });
    this.fill.run(this.renderer, half, {
      src: colour.texture,
      mask: mask.texture,
      dir: [1, 0],
      first: 1,
    });
    this.fill.run(this.renderer, fill, { src: half.texture, dir: [0, 1], first: 0 });
  }

  private render(scene: Scene, camera: Camera, target: WebGLRenderTarget): void {
    const previous = this.renderer.getRenderTarget();
    this.renderer.setRenderTarget(target);
    try {
      this.renderer.render(scene, camera);
    } finally {
      this.renderer.setRenderTarget(previous);
    }
  }

  dispose(): void {
    for (const target of Object.values(this.targets)) target.dispose();
    for (const p of [this.morph, this.widen, this.fill]) p.dispose();
    this.lines.dispose();
    this.unwrapMaterial.dispose();
    this.bandMaterial.dispose();
    this.mesh.geometry.dispose();
  }
}
