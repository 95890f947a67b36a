import {
  EquirectangularReflectionMapping,
  Group,
  Matrix4,
  NoToneMapping,
  PerspectiveCamera,
  PMREMGenerator,
  Scene,
  SRGBColorSpace,
  Texture,
  VideoFrameTexture,
  WebGLRenderer,
  type Object3D,
} from 'three';
import { CAMERA_FAR, CAMERA_FOV, CAMERA_NEAR } from '../src/shared/constants';

/**
 * One canvas holds the whole picture: the video frame as the background, then the head occluder
 * (depth only) and the glasses, both under an anchor that follows the face. A root group mirrors
 * the 3D content for the front camera while the background texture is flipped to match.
 */
export class TryOnScene {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  readonly camera: PerspectiveCamera;
  private readonly background = new VideoFrameTexture();
  private readonly root = new Group();
  readonly anchor = new Group();
  private glasses: Object3D | null = null;
  private pmrem: PMREMGenerator;

  constructor(canvas: OffscreenCanvas, width: number, height: number, pixelRatio: number) {
    this.renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: false });
    this.renderer.setPixelRatio(pixelRatio);
    this.renderer.setSize(width, height, false);
    this.renderer.toneMapping = NoToneMapping;
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.camera = new PerspectiveCamera(CAMERA_FOV, width / height, CAMERA_NEAR, CAMERA_FAR);
    this.background.colorSpace = SRGBColorSpace;
    this.scene.background = this.background;
    this.anchor.matrixAutoUpdate = false;
    this.anchor.visible = false;
    this.root.add(this.anchor);
    this.scene.add(this.root);
    this.pmrem = new PMREMGenerator(this.renderer);
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

  setMirror(mirror: boolean): void {
    this.root.scale.x = mirror ? -1 : 1;
    this.background.repeat.x = mirror ? -1 : 1;
    this.background.offset.x = mirror ? 1 : 0;
  }

  /** The face pose in camera space, or null to hide the 3D content. */
  setPose(matrix: Matrix4 | null): void {
    this.anchor.visible = matrix !== null;
    if (matrix) this.anchor.matrix.copy(matrix);
  }

  setEnvironment(image: ImageBitmap): void {
    const texture = new Texture(image);
    texture.mapping = EquirectangularReflectionMapping;
    texture.colorSpace = SRGBColorSpace;
    texture.needsUpdate = true;
    const target = this.pmrem.fromEquirectangular(texture);
    texture.dispose();
    this.scene.environment?.dispose();
    this.scene.environment = target.texture;
  }

  addOccluder(occluder: Object3D): void {
    this.anchor.add(occluder);
  }

  setGlasses(glasses: Object3D | null): void {
    if (this.glasses) {
      this.anchor.remove(this.glasses);
      disposeTree(this.glasses);
    }
    this.glasses = glasses;
    if (glasses) this.anchor.add(glasses);
  }

  get currentGlasses(): Object3D | null {
    return this.glasses;
  }

  render(frame: VideoFrame): void {
    this.background.setFrame(frame);
    this.renderer.render(this.scene, this.camera);
  }

  /** Must run in the same task as the render: the drawing buffer is not preserved. */
  toPng(): Promise<Blob> {
    return this.canvas.convertToBlob({ type: 'image/png' });
  }

  dispose(): void {
    this.setGlasses(null);
    this.background.dispose();
    this.pmrem.dispose();
    this.renderer.dispose();
  }
}

export function disposeTree(object: Object3D): void {
  object.traverse((node) => {
    const mesh = node as Partial<{ geometry: { dispose(): void }; material: unknown }>;
    mesh.geometry?.dispose();
    const materials = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    for (const m of materials) (m as { dispose?: () => void } | undefined)?.dispose?.();
  });
}
