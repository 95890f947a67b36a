import { Matrix4, Quaternion, Vector3 } from 'three';

/**
 * One Euro filter (Casiez et al. 2012): a low-pass whose cutoff rises with speed, so a still head
 * gives a still picture and a fast turn does not lag. Settings tuned on the shared videos
 * (see workers/README.md).
 */
export interface OneEuroSettings {
  minCutoff: number;
  beta: number;
  dCutoff: number;
}

export const POSITION_FILTER: OneEuroSettings = { minCutoff: 0.5, beta: 0.2, dCutoff: 1 };
export const ROTATION_FILTER: OneEuroSettings = { minCutoff: 1.5, beta: 0.6, dCutoff: 1 };
/** After this long without a face, the next pose starts fresh instead of gliding from the old one. */
export const RESET_AFTER_MS = 500;
/** A jump this large (cm) is a cut, a seek or a loop, not head motion: snap instead of gliding. */
export const JUMP_CM = 4;

const alpha = (cutoffHz: number, dtS: number): number => {
  const tau = 1 / (2 * Math.PI * cutoffHz);
  return 1 / (1 + tau / dtS);
};

export class OneEuro {
  private value: number | null = null;
  private derivative = 0;
  constructor(private readonly settings: OneEuroSettings) {}

  filter(x: number, dtS: number): number {
    if (this.value === null || dtS <= 0) {
      this.value = x;
      return x;
    }
    const dx = (x - this.value) / dtS;
    this.derivative += alpha(this.settings.dCutoff, dtS) * (dx - this.derivative);
    const cutoff = this.settings.minCutoff + this.settings.beta * Math.abs(this.derivative);
    this.value += alpha(cutoff, dtS) * (x - this.value);
    return this.value;
  }

  reset(): void {
    this.value = null;
    this.derivative = 0;
  }
}

/** Filters a rigid pose (+ uniform scale): One Euro per position axis, adaptive slerp for rotation. */
export class PoseFilter {
  private readonly axes = [0, 1, 2, 3].map(() => new OneEuro(POSITION_FILTER));
  private readonly rotation = new Quaternion();
  private angularSpeed = 0;
  private lastMs: number | null = null;
  private readonly position = new Vector3();
  private readonly scale = new Vector3();
  private readonly target = new Quaternion();
  private readonly lastPosition = new Vector3();

  apply(input: Matrix4, timeMs: number, out: Matrix4): Matrix4 {
    input.decompose(this.position, this.target, this.scale);
    const dtS = this.lastMs === null ? 0 : (timeMs - this.lastMs) / 1000;
    const jumped = this.lastPosition.distanceTo(this.position) > JUMP_CM;
    const fresh = this.lastMs === null || timeMs - this.lastMs > RESET_AFTER_MS || jumped;
    this.lastMs = timeMs;
    if (fresh) {
      this.axes.forEach((a) => a.reset());
      this.rotation.copy(this.target);
      this.angularSpeed = 0;
    }
    const p = this.position;
    p.set(
      this.axes[0]!.filter(p.x, dtS),
      this.axes[1]!.filter(p.y, dtS),
      this.axes[2]!.filter(p.z, dtS),
    );
    const s = this.axes[3]!.filter(this.scale.x, dtS);
    if (!fresh && dtS > 0) {
      const angle = this.rotation.angleTo(this.target);
      this.angularSpeed += alpha(ROTATION_FILTER.dCutoff, dtS) * (angle / dtS - this.angularSpeed);
      const cutoff = ROTATION_FILTER.minCutoff + ROTATION_FILTER.beta * this.angularSpeed;
      this.rotation.slerp(this.target, alpha(cutoff, dtS));
    }
    this.lastPosition.copy(p);
    return out.compose(p, this.rotation, this.scale.setScalar(s));
  }

  reset(): void {
    this.lastMs = null;
  }
}
