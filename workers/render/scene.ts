import {
  Group,
  Matrix4,
  NoToneMapping,
  PerspectiveCamera,
  PMREMGenerator,
  Scene,
  SRGBColorSpace,
  VideoFrameTexture,
  WebGLRenderer,
  type Material,
  type Object3D,
  type Texture,
} from 'three';
import { CAMERA_FAR, CAMERA_FOV, CAMERA_NEAR } from '../../src/shared/render-constants';
import { isSwiftShader } from '../../src/shared/gl-renderer';
import type { CubeLevel } from './env-prefilter';
import { environmentOnGpu, prefilteredEnvironment } from './scene-environment';
import { compileAhead, slowShaderLinks } from './shader-links';
import { HeadFit, type HeadShape } from './head-fit';
import { HeadProfile } from '../fit/head-profile';
import type { FacePoint } from '../common/pose-sink';
import type { TempleFit } from '../fit/temple-bend';
import { withCheekGap } from '../fit/face-contact';
import { FaceFront } from '../fit/face-front';
import type { GlassesReport } from '../../src/shared/glasses-types';
import { TrueSize } from '../measure/true-size';
import { addContactShadow } from './contact-shadow';
import { FrameThumbnail } from './frame-thumbnail';
import { FrameUpload } from './frame-upload';
import { RoomLight } from './room-light';
import { lightByRoom, shadowByRoom } from './room-lit';
import { LensLayer } from '../lens/lens-layer';
import { renderStill } from './still-smoothing';
import { OwnGlasses } from './own-glasses';

/**
 * One canvas holds the whole picture: the video frame as the background, then the head occluder
 * (depth only) and the glasses, both under an anchor that follows the face. A root group mirrors
 * the 3D content for the front camera while the background texture is flipped to match.
 */
export class TryOnScene {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  readonly camera: PerspectiveCamera;
  /** The video frame behind everything; its repeat and offset mirror or crop it. */
  readonly background = new VideoFrameTexture();
  private readonly root = new Group();
  readonly anchor = new Group();
  /** The glasses' parent under the anchor: their size on this face (true-size.ts). */
  readonly trueSize = new TrueSize();
  private glasses: Object3D | null = null;
  /** The head occluder's face fitted to the tracked one; null until the occluder is in. */
  private headFit: HeadFit | null = null;
  /** The reference head's skin, from the occluder as it came (before any face was fitted). */
  private referenceFace: FaceFront | null = null;
  /** How the lenses look: the eyes behind them, tint, coating (lens/lens-layer.ts). */
  readonly lensLayer = new LensLayer();
  /**
   * Where the eyes are in the next drawing, [x0, y0, x1, y1] as fractions from its top left (the
   * tracked eyes, mirrored like the preview; a crop's own in crop-render.ts).
   */
  lensEyes: readonly number[] = [];
  /** False while the user holds the preview to compare (before/after). */
  private glassesShownFlag = true;
  private pmrem: PMREMGenerator;
  private readonly thumbnail: FrameThumbnail;
  /** Whether the head occluder is drawn (hides what the head hides); off: `?occluder=off`. */
  drawsOccluder = true;
  /** Whether each worn frame gets its contact shadow (contact-shadow.ts); off: `?shadow=off`. */
  contactShadows = true;
  /** The room's light read from the picture, which lights the frames (room-light.ts). */
  readonly roomLight: RoomLight;
  /** The wearer's own thin frame taken off the picture, when asked (own-glasses.ts). */
  readonly ownGlasses: OwnGlasses;
  /** Whether new programs must be left to link before a draw uses them (shader-links.ts). */
  readonly slowLinks: boolean;
  readonly softwareGl: boolean;
  /** What is uploaded for a frame (frame-upload.ts). */
  private readonly upload: FrameUpload;
  /** The frame the background holds. */
  private shownFrame: VideoFrame | null = null;

  /** `softwareGl`: WebGL runs on the CPU here (no MSAA, slow shader links). */
  constructor(
    canvas: OffscreenCanvas,
    width: number,
    height: number,
    pixelRatio: number,
    softwareGl = false,
  ) {
    this.softwareGl = softwareGl;
    const antialias = !softwareGl;
    this.renderer = new WebGLRenderer({ canvas, antialias, preserveDrawingBuffer: false });
    this.slowLinks = slowShaderLinks(this.renderer, softwareGl);
    this.upload = new FrameUpload(isSwiftShader(this.renderer.getContext()));
    this.renderer.setPixelRatio(pixelRatio);
    this.renderer.setSize(width, height, false);
    this.renderer.toneMapping = NoToneMapping;
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.camera = new PerspectiveCamera(CAMERA_FOV, width / height, CAMERA_NEAR, CAMERA_FAR);
    this.background.colorSpace = SRGBColorSpace;
    this.scene.background = this.background;
    this.anchor.matrixAutoUpdate = false;
    this.anchor.visible = false;
    this.anchor.add(this.trueSize.group);
    this.root.add(this.anchor);
    this.scene.add(this.root);
    this.pmrem = new PMREMGenerator(this.renderer);
    this.thumbnail = new FrameThumbnail(this.renderer);
    this.roomLight = new RoomLight(this.renderer);
    this.ownGlasses = new OwnGlasses(this.renderer);
    this.anchor.add(this.ownGlasses.mesh);
  }

  /** Wears the frame's lighting and shadow (the worn glasses, or a crop's: crop-render.ts). */
  dress(glasses: Object3D): void {
    const shadow = this.contactShadows ? addContactShadow(glasses) : null;
    if (shadow) shadowByRoom(shadow, this.roomLight.uniforms);
    lightByRoom(glasses, this.roomLight.uniforms);
  }

  resize(width: number, height: number): void {
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
  }

  get size(): { width: number; height: number } {
    const { width, height } = this.canvas;
    return { width, height };
  }

  /** The transferred canvas the picture is drawn into. */
  get canvas(): OffscreenCanvas {
    return this.renderer.domElement as unknown as OffscreenCanvas;
  }

  /** The canvas's WebGL context (asking the canvas again throws in Firefox's workers). */
  get gl(): WebGL2RenderingContext | WebGLRenderingContext {
    return this.renderer.getContext();
  }

  setMirror(mirror: boolean): void {
    this.root.scale.x = mirror ? -1 : 1;
    this.background.repeat.x = mirror ? -1 : 1;
    this.background.offset.x = mirror ? 1 : 0;
  }

  get mirrored(): boolean {
    return this.root.scale.x < 0;
  }

  /** The face pose in camera space, or null to hide the 3D content. */
  setPose(matrix: Matrix4 | null): void {
    this.anchor.visible = matrix !== null;
    if (matrix) this.anchor.matrix.copy(matrix);
  }

  /** The environment from an equirectangular picture, prefiltered by three.js on the GPU. */
  setEnvironment(image: ImageBitmap): void {
    this.replaceEnvironment(environmentOnGpu(this.pmrem, image));
  }

  /** The environment from a cube prefiltered on the CPU (env-prefilter.ts). */
  setPrefilteredEnvironment(levels: CubeLevel[]): void {
    this.replaceEnvironment(prefilteredEnvironment(levels));
  }

  private replaceEnvironment(texture: Texture): void {
    this.scene.environment?.dispose();
    this.scene.environment = texture;
  }

  addOccluder(occluder: Object3D): void {
    // Read before it joins the anchor: its matrices are then relative to the face.
    this.headFit = HeadFit.of(occluder);
    if (!this.headFit)
      console.warn('head occluder: not the face mesh in landmark order, not fitted');
    this.trueSize.temples.setHead(this.headFit?.profile() ?? new HeadProfile(occluder));
    this.referenceFace = new FaceFront(occluder);
    this.anchor.add(occluder);
    occluder.visible = this.drawsOccluder;
    // Compiled now, not at the first face drawn.
    compileAhead(this.renderer, occluder, this.camera, this.scene);
  }

  /**
   * `report` with the gap between the front of `glasses` (fitted, not yet worn) and the reference
   * head's cheeks (face-contact.ts); as it is before the occluder has loaded.
   */
  withCheekGap(glasses: Object3D, report: GlassesReport): GlassesReport {
    return withCheekGap(glasses, report, this.referenceFace);
  }

  /** Fits the head occluder to the tracked face (head-fit.ts); the temples rest on it. */
  fitHead(points: readonly FacePoint[], pose: Matrix4, weight: number): void {
    const head = this.headFit?.fit(points, pose, this.camera, weight, this.anchor);
    if (head) this.trueSize.temples.setHead(head, false);
  }

  /** The head as fitted now, for a picture drawn later (crop-render.ts); null if none is fitted. */
  headShape(): HeadShape | null {
    return this.headFit?.shape(this.anchor) ?? null;
  }

  /** Shows a kept head instead of the live one (null: the live one again). */
  showHead(shape: HeadShape | null): void {
    this.headFit?.show(shape);
  }

  /** The head occluder back to the average face (a new face, or none). */
  resetHead(): void {
    if (this.headFit) this.trueSize.temples.setHead(this.headFit.reset(this.anchor), false);
  }

  /** Wears `glasses` (fitted: `fit` says where their lenses are and whether they have temples). */
  setGlasses(glasses: Object3D | null, fit?: TempleFit): void {
    this.lensLayer.wear(null);
    if (this.glasses) {
      this.trueSize.group.remove(this.glasses);
      disposeTree(this.glasses);
    }
    this.glasses = glasses;
    this.trueSize.temples.wear(glasses, fit);
    this.lensLayer.wear(glasses);
    if (glasses) {
      this.dress(glasses);
      glasses.visible = this.glassesShownFlag;
      this.trueSize.group.add(glasses);
    }
  }

  /** Hides or shows the worn glasses without taking them off (press and hold to compare). */
  set glassesShown(shown: boolean) {
    this.glassesShownFlag = shown;
    if (this.glasses) this.glasses.visible = shown;
  }

  get glassesShown(): boolean {
    return this.glassesShownFlag;
  }

  get currentGlasses(): Object3D | null {
    return this.glasses;
  }

  render(frame: VideoFrame): void {
    this.show(frame);
    const { width, height } = this.canvas;
    this.lensLayer.frame(this.background, width, height, this.lensEyes);
    // The probe is read only where a face is: its patches are the face's.
    if (this.anchor.visible) {
      this.roomLight.frame(this.background, this.lensEyes, width, height, frame.timestamp / 1e6);
      if (this.ownGlasses.on) {
        this.ownGlasses.mesh.updateWorldMatrix(true, false);
        this.ownGlasses.frame(this.background, this.camera, frame.timestamp / 1e6);
      }
    }
    this.renderer.render(this.scene, this.camera);
  }

  /**
   * A still that is kept (a photo, 全部试戴's pictures), antialiased on every context: the canvas
   * holding it, to be read in this task (still-smoothing.ts).
   */
  renderStill(frame: VideoFrame): OffscreenCanvas {
    return renderStill(this, frame);
  }

  /** `frame`'s luminance thumbnail into `out` (frame-thumbnail.ts); the frame is then drawn. */
  readThumbnail(frame: VideoFrame, out: Float32Array): void {
    this.show(frame);
    this.thumbnail.read(this.background, out);
  }

  /** Makes `frame` the background; the same frame again is not uploaded again. */
  private show(frame: VideoFrame): void {
    if (this.shownFrame === frame) return;
    this.shownFrame = frame;
    this.background.image = this.upload.source(frame);
    this.background.needsUpdate = true;
  }

  dispose(): void {
    this.setGlasses(null);
    this.background.dispose();
    this.thumbnail.dispose();
    this.roomLight.dispose();
    this.ownGlasses.dispose();
    this.lensLayer.dispose();
    this.pmrem.dispose();
    this.renderer.dispose();
  }
}

/**
 * Frees `object`'s geometry and materials; with `keep`, its materials go there instead (their
 * programs stay linked while a material using them lives).
 */
export function disposeTree(object: Object3D, keep?: Material[]): void {
  object.traverse((node) => {
    const mesh = node as Partial<{ geometry: { dispose(): void }; material: unknown }>;
    mesh.geometry?.dispose();
    const materials = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    for (const m of materials as (Material | undefined)[]) {
      if (!m) continue;
      if (keep) keep.push(m);
      else m.dispose();
    }
  });
}
