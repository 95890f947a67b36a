import { RENDER_WIDTH } from '../../src/shared/render-constants';
import type { TryOnScene } from './scene';

/**
 * Sizes the drawing buffer: the video's own size, capped by the size it is displayed at and the
 * render width of docs/behaviour.md §9, so software WebGL never draws pixels nobody sees.
 */
export class CanvasFit {
  private video = { width: 0, height: 0 };
  private display = { width: Infinity, height: Infinity };

  constructor(private readonly scene: TryOnScene) {}

  get videoSize(): { width: number; height: number } {
    return this.video;
  }

  /** Called with every frame; resizes only when the video's size changed (then true). */
  fitVideo(width: number, height: number): boolean {
    if (width === this.video.width && height === this.video.height) return false;
    this.video = { width, height };
    this.apply();
    return true;
  }

  /** The view's size changed; true when the drawing buffer changed with it (and was cleared). */
  fitDisplay(width: number, height: number): boolean {
    this.display = { width, height };
    return this.apply();
  }

  private apply(): boolean {
    const { width, height } = this.video;
    if (!width || !height) return false;
    const { display } = this;
    const scale = Math.min(1, RENDER_WIDTH / width, display.width / width, display.height / height);
    const size = {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
    };
    const { canvas } = this.scene;
    if (canvas.width === size.width && canvas.height === size.height) return false;
    this.scene.resize(size.width, size.height);
    return true;
  }
}
