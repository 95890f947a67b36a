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
/**
 * How far ahead of the last tracked frame a pose is extrapolated at most: beyond it (a stall, a
 * lost face) holding the pose is safer than a guess that keeps flying off.
 */
export const MAX_PREDICT_MS = 250;
/** Low-pass on the filtered pose's own speed, so one noisy step does not fling the prediction. */
const VELOCITY_CUTOFF_HZ = 4;
/**
 * Speeds of the filtered pose taken for the tracker's noise on a still head, not motion: below
 * them the pose is not carried forward, well above them it is, fully (see `gate`). Chosen, not
 * fitted; checked on a still clip with a camera's noise (tests/e2e/motion.e2e.ts) and on noisy
 * synthetic streams (tests/unit/pose-streams.test.ts).
 */
export const NOISE_SPEED_CM_S = 1;
export const NOISE_SPIN_RAD_S = 0.1;

/** How much of a speed is trusted as motion: ~0 under the noise floor, ~1 well above it. */
const gate = (speed: number, floor: number): number =>
  (speed * speed) / (speed * speed + floor * floor);

/** How far (s) a One Euro low-pass lags a steady motion at this speed: 1 / (2π cutoff). */
const lagS = (settings: OneEuroSettings, speed: number): number =>
  1 / (2 * Math.PI * (settings.minCutoff + settings.beta * speed));

/** How fast the filtered pose moves: cm/s and rad/s. */
export interface Motion {
  speedCmS: number;
  spinRadS: number;
}

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

/**
 * Filters a rigid pose (+ uniform scale): One Euro per position axis, adaptive slerp for rotation.
 * It also keeps the filtered pose's velocity and spin, so that frames drawn between two tracked
 * ones get the pose extrapolated to their own timestamp (predict).
 */
export class PoseFilter {
  private readonly axes = [0, 1, 2, 3].map(() => new OneEuro(POSITION_FILTER));
  private readonly rotation = new Quaternion();
  private angularSpeed = 0;
  private lastMs: number | null = null;
  /** Whether the last pose applied started afresh (the first, after a gap, or a jump). */
  startedAfresh = false;
  private readonly position = new Vector3();
  private readonly scale = new Vector3();
  private readonly target = new Quaternion();
  private readonly lastPosition = new Vector3();
  private readonly lastRotation = new Quaternion();
  private lastScale = 1;
  /** cm/s of the filtered position; rad/s about an axis (axis × rate) of the filtered rotation. */
  private readonly velocity = new Vector3();
  private readonly spin = new Vector3();
  private readonly step = new Vector3();
  private readonly turn = new Quaternion();
  private readonly axis = new Vector3();

  apply(input: Matrix4, timeMs: number, out: Matrix4): Matrix4 {
    input.decompose(this.position, this.target, this.scale);
    const dtS = this.lastMs === null ? 0 : (timeMs - this.lastMs) / 1000;
    const jumped = this.lastPosition.distanceTo(this.position) > JUMP_CM;
    const fresh = this.lastMs === null || timeMs - this.lastMs > RESET_AFTER_MS || jumped;
    this.startedAfresh = fresh;
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
    if (fresh || dtS <= 0) {
      this.velocity.set(0, 0, 0);
      this.spin.set(0, 0, 0);
    } else this.trackSpeed(p, dtS);
    this.lastPosition.copy(p);
    this.lastRotation.copy(this.rotation);
    this.lastScale = s;
    return this.carry(0, out);
  }

  /** Updates velocity and spin from the step between the last filtered pose and this one. */
  private trackSpeed(p: Vector3, dtS: number): void {
    const a = alpha(VELOCITY_CUTOFF_HZ, dtS);
    this.step.copy(p).sub(this.lastPosition).divideScalar(dtS);
    this.velocity.lerp(this.step, a);
    // The rotation step as axis × angle / dt (turn = rotation · last⁻¹, shortest way round).
    const q = this.turn.copy(this.lastRotation).invert().premultiply(this.rotation);
    if (q.w < 0) q.set(-q.x, -q.y, -q.z, -q.w);
    const sinHalf = Math.hypot(q.x, q.y, q.z);
    const angle = 2 * Math.atan2(sinHalf, q.w);
    if (sinHalf > 1e-9) this.step.set(q.x, q.y, q.z).multiplyScalar(angle / sinHalf / dtS);
    else this.step.set(0, 0, 0);
    this.spin.lerp(this.step, a);
  }

  /**
   * The filtered pose carried forward to `timeMs` (at most MAX_PREDICT_MS ahead); null before the
   * first pose.
   */
  predict(timeMs: number, out: Matrix4): Matrix4 | null {
    if (this.lastMs === null) return null;
    const dtS = Math.min(Math.max(0, timeMs - this.lastMs), MAX_PREDICT_MS) / 1000;
    return this.carry(dtS, out);
  }

  /**
   * The last filtered pose moved on at its velocity and spin by `dtS` plus the low-pass's own lag,
   * so a steady turn is drawn where the head is, not where it was; each speed is first gated, so
   * that the tracker's noise on a still head moves nothing.
   */
  private carry(dtS: number, out: Matrix4): Matrix4 {
    const speed = this.velocity.length();
    const lead = gate(speed, NOISE_SPEED_CM_S) * (dtS + lagS(POSITION_FILTER, speed));
    const position = this.step.copy(this.velocity).multiplyScalar(lead).add(this.lastPosition);
    const rate = this.spin.length();
    const rotation = this.turn.identity();
    if (rate > 1e-9) {
      const angle = rate * gate(rate, NOISE_SPIN_RAD_S) * (dtS + lagS(ROTATION_FILTER, rate));
      rotation.setFromAxisAngle(this.axis.copy(this.spin).divideScalar(rate), angle);
    }
    rotation.multiply(this.lastRotation);
    return out.compose(position, rotation, this.scale.setScalar(this.lastScale));
  }

  /** The timestamp of the newest pose in the filter (null before one, or after a reset). */
  get sinceMs(): number | null {
    return this.lastMs;
  }

  /** The filtered pose's speed (zero before a pose or right after a fresh start). */
  get motion(): Motion {
    return { speedCmS: this.velocity.length(), spinRadS: this.spin.length() };
  }

  reset(): void {
    this.lastMs = null;
    this.velocity.set(0, 0, 0);
    this.spin.set(0, 0, 0);
  }
}
