import { Matrix4, Vector3, type PerspectiveCamera } from 'three';
import { PoseFilter } from '../common/pose-filter';
import { SlidingWindow } from '../common/stats';
import type { TrackResult } from '../common/track-result';

/** Points on the glasses in face space (cm): the bridge and both hinges. */
const PROBES = [new Vector3(0, 0, 0), new Vector3(-7, 0, -1), new Vector3(7, 0, -1)];

/**
 * How far the drawn glasses are from where they should be, projected into the drawn picture,
 * against two references:
 * - `errorPx`: the frame's own detection, unsmoothed: where the tracker saw the head in that very
 *   picture. Smoothing's lag counts as error here, and so does the detection's own noise.
 * - `smoothedErrorPx`: the smoothed pose that detection gives: what the app would draw had it
 *   tracked that frame before drawing it. Blind to the smoothing's lag (the reference lags alike).
 * With a tracking worker, each tracked frame's drawn pose against its own result
 * (remote-tracking.ts). On the drawing thread with `?track=audit` (bench): every frame tracked
 * into the references, against the adaptive pose.
 */
export class TrackAudit {
  private readonly reference = new PoseFilter();
  private readonly raw = new Matrix4();
  private readonly pose = new Matrix4();
  private hasFace = false;
  private readonly a = new Vector3();
  private readonly b = new Vector3();
  readonly errorPx = new SlidingWindow(900);
  readonly smoothedErrorPx = new SlidingWindow(900);

  /** Feeds the references with this frame's tracking result. */
  track(result: TrackResult, timeMs: number): void {
    const matrix = result.facialTransformationMatrixes?.[0];
    this.hasFace = matrix !== undefined;
    if (!matrix) return;
    this.raw.fromArray(matrix.data);
    this.reference.apply(this.raw, timeMs, this.pose);
  }

  /** Compares the drawn pose with this frame's references (track()). */
  compare(drawn: Matrix4 | null, camera: PerspectiveCamera, width: number, height: number): void {
    if (!this.hasFace || !drawn) return;
    this.record(drawn, this.raw, this.pose, camera, width, height);
  }

  /** Records how far `drawn` is from the frame's own detection and from its smoothed pose. */
  record(
    drawn: Matrix4,
    detected: Matrix4,
    smoothed: Matrix4,
    camera: PerspectiveCamera,
    width: number,
    height: number,
  ): void {
    this.errorPx.push(this.distancePx(detected, drawn, camera, width, height));
    this.smoothedErrorPx.push(this.distancePx(smoothed, drawn, camera, width, height));
  }

  /** The largest probe distance between two poses, in the drawn picture's pixels. */
  private distancePx(
    reference: Matrix4,
    drawn: Matrix4,
    camera: PerspectiveCamera,
    width: number,
    height: number,
  ): number {
    let worst = 0;
    for (const probe of PROBES) {
      this.a.copy(probe).applyMatrix4(reference).project(camera);
      this.b.copy(probe).applyMatrix4(drawn).project(camera);
      worst = Math.max(
        worst,
        Math.hypot(((this.a.x - this.b.x) * width) / 2, ((this.a.y - this.b.y) * height) / 2),
      );
    }
    return worst;
  }
}
