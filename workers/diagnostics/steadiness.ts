import { Vector3, type Matrix4, type PerspectiveCamera } from 'three';
import type { SteadinessFigures } from '../../src/shared/try-on-types';
import type { TryOnScene } from '../render/scene';

/** Frames in the window: about five seconds of drawn frames, so a test sees a settled face. */
export const STEADINESS_FRAMES = 150;

/**
 * Where the drawn bridge sits on the picture, frame after frame (tests' and bench's builds). On a
 * still face every pixel of movement is jitter; on a moving one it is the motion itself. A frame
 * without glasses starts the window again.
 */
export class Steadiness {
  private readonly point = new Vector3();
  private xs: number[] = [];
  private ys: number[] = [];

  /** The glasses as `scene` draws them now, on a picture `width` × `height`. */
  observeScene(scene: TryOnScene, width: number, height: number): void {
    const { anchor, camera } = scene;
    const shown = anchor.visible && scene.glassesShown;
    this.observe(shown ? anchor.matrix : null, camera, width, height);
  }

  /** `width`, `height`: the camera picture's size, the pixels the figures count in. */
  observe(drawn: Matrix4 | null, camera: PerspectiveCamera, width: number, height: number): void {
    if (!drawn) {
      this.xs = [];
      this.ys = [];
      return;
    }
    const p = this.point.set(0, 0, 0).applyMatrix4(drawn).project(camera);
    this.xs.push((p.x * width) / 2);
    this.ys.push((p.y * height) / 2);
    if (this.xs.length > STEADINESS_FRAMES) {
      this.xs.shift();
      this.ys.shift();
    }
  }

  /** Null before two frames with glasses. */
  get figures(): SteadinessFigures | null {
    const { xs, ys } = this;
    const n = xs.length;
    if (n < 2) return null;
    let steps = 0;
    for (let i = 1; i < n; i++) steps += (xs[i]! - xs[i - 1]!) ** 2 + (ys[i]! - ys[i - 1]!) ** 2;
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / n;
    const mx = mean(xs);
    const my = mean(ys);
    let spread = 0;
    for (let i = 0; i < n; i++) spread += (xs[i]! - mx) ** 2 + (ys[i]! - my) ** 2;
    return { stepPx: Math.sqrt(steps / (n - 1)), spreadPx: Math.sqrt(spread / n) };
  }
}
