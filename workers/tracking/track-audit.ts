import { Matrix4, Vector3, type PerspectiveCamera } from 'three';
import { PoseFilter } from '../common/pose-filter';
import { SlidingWindow } from '../common/stats';
import type { TrackResult } from '../common/track-result';

/** Points on the glasses in face space (cm): the bridge and both hinges. */
const PROBES = [new Vector3(0, 0, 0), new Vector3(-7, 0, -1), new Vector3(7, 0, -1)];

/**
 * How far the drawn glasses are from where they should be, projected into the drawn picture.
 * With a tracking worker, each tracked frame's drawn pose against its own result
 * (remote-tracking.ts). On the drawing thread with `?track=audit` (bench): every frame tracked
 * into a reference filter, as tracking every frame would draw it, against the adaptive pose.
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
  track(result: TrackResult, timeMs: number): void {
    const matrix = result.facialTransformationMatrixes?.[0];
    this.hasFace = matrix !== undefined;
    if (!matrix) return;
    this.raw.fromArray(matrix.data);
    this.reference.apply(this.raw, timeMs, this.pose);
  }

  /** Compares the drawn pose with the reference: the largest probe distance, in pixels. */
  compare(drawn: Matrix4 | null, camera: PerspectiveCamera, width: number, height: number): void {
    if (!this.hasFace || !drawn) return;
    this.comparePoses(this.pose, drawn, camera, width, height);
  }

  /** Records how far `drawn` is from `reference`: the largest probe distance, in pixels. */
  comparePoses(
    reference: Matrix4,
    drawn: Matrix4,
    camera: PerspectiveCamera,
    width: number,
    height: number,
  ): void {
    let worst = 0;
    for (const probe of PROBES) {
      this.a.copy(probe).applyMatrix4(reference).project(camera);
      this.b.copy(probe).applyMatrix4(drawn).project(camera);
      worst = Math.max(
        worst,
        Math.hypot(((this.a.x - this.b.x) * width) / 2, ((this.a.y - this.b.y) * height) / 2),
      );
    }
    this.errorPx.push(worst);
  }
}
