import { Matrix4, Vector3, type PerspectiveCamera } from 'three';
import { PoseFilter } from './pose-filter';
import { SlidingWindow } from './stats';
import type { FaceLandmarkerResult } from './tracker';

/** Points on the glasses in face space (cm): the bridge and both hinges. */
const PROBES = [new Vector3(0, 0, 0), new Vector3(-7, 0, -1), new Vector3(7, 0, -1)];

/**
 * `?track=audit` (bench only): every frame is tracked into a reference filter, as tracking every
 * frame would draw it, while the picture shows the adaptive schedule's pose. The distance between
 * the two, projected into the drawn picture, is the adaptive mode's position error.
 */
export class TrackAudit {
  private readonly reference = new PoseFilter();
  private readonly raw = new Matrix4();
  private readonly pose = new Matrix4();
  private hasFace = false;
  private readonly a = new Vector3();
  private readonly b = new Vector3();
  readonly errorPx = new SlidingWindow(900);

  /** Feeds the reference with this frame's tracking result. */
  track(result: FaceLandmarkerResult, timeMs: number): void {
    const matrix = result.facialTransformationMatrixes?.[0];
    this.hasFace = matrix !== undefined;
    if (!matrix) return;
    this.raw.fromArray(matrix.data);
    this.reference.apply(this.raw, timeMs, this.pose);
  }

  /** Compares the drawn pose with the reference: the largest probe distance, in pixels. */
  compare(drawn: Matrix4 | null, camera: PerspectiveCamera, width: number, height: number): void {
    if (!this.hasFace || !drawn) return;
    let worst = 0;
    for (const probe of PROBES) {
      this.a.copy(probe).applyMatrix4(this.pose).project(camera);
      this.b.copy(probe).applyMatrix4(drawn).project(camera);
      worst = Math.max(
        worst,
        Math.hypot(((this.a.x - this.b.x) * width) / 2, ((this.a.y - this.b.y) * height) / 2),
      );
    }
    this.errorPx.push(worst);
  }
}
