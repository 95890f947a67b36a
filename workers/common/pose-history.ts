import { Matrix4, Quaternion, Vector3 } from 'three';

/**
 * Poses kept from a moving picture's tracking results: more than a result for every frame a file
 * holds back (pipeline/held-frames.ts's MAX_HELD), as a fast tracker gives.
 */
const KEPT = 64;

interface Entry {
  timeMs: number;
  /** Whether that result posed glasses (a face was found). */
  shown: boolean;
  /** Whether its pose started afresh (a jump of the face, a cut): nothing glides into it. */
  fresh: boolean;
  pose: Matrix4;
}

/**
 * The filtered poses of the last tracking results, by their frames' timestamps, so a frame drawn
 * after the results on both sides of it came is drawn with the pose between them, not one
 * predicted from before it.
 */
export class PoseHistory {
  private readonly entries: Entry[] = [];
  private readonly p = [new Vector3(), new Vector3()];
  private readonly q = [new Quaternion(), new Quaternion()];
  private readonly s = [new Vector3(), new Vector3()];

  /**
   * A result at `timeMs` (rising): its filtered pose, or null when it found no face; `fresh` when
   * the filter started afresh there (the frames before it keep the pose before, not glide into it).
   */
  add(timeMs: number, pose: Matrix4 | null, fresh = false): void {
    const last = this.entries.at(-1);
    if (last && timeMs <= last.timeMs) return;
    const entry =
      this.entries.length >= KEPT
        ? this.entries.shift()!
        : { timeMs, shown: false, fresh: false, pose: new Matrix4() };
    entry.timeMs = timeMs;
    entry.shown = pose !== null;
    entry.fresh = fresh;
    if (pose) entry.pose.copy(pose);
    this.entries.push(entry);
  }

  /** Whether a result at or after `timeMs` has come: the pose there is known, not predicted. */
  covers(timeMs: number): boolean {
    const last = this.entries.at(-1);
    return last !== undefined && last.timeMs >= timeMs;
  }

  /** The timestamp of the newest result; null before one. */
  get newestMs(): number | null {
    return this.entries.at(-1)?.timeMs ?? null;
  }

  /**
   * The pose at `timeMs` (covered): between the results on either side, in proportion to the
   * time; the earlier one's where the later found no face or started afresh; null before the
   * first result kept (a frame from just after a reset) or where the earlier result found no
   * face. Returns the result's time the pose rests on with it (the later one's when between two).
   */
  at(timeMs: number, out: Matrix4): { pose: Matrix4 | null; fromMs: number | null } {
    const after = this.entries.findIndex((e) => e.timeMs >= timeMs);
    const b = this.entries[after];
    if (!b) return { pose: null, fromMs: null };
    const a = after > 0 ? this.entries[after - 1]! : null;
    if (b.timeMs === timeMs || !a) {
      return b.timeMs === timeMs && b.shown
        ? { pose: out.copy(b.pose), fromMs: b.timeMs }
        : { pose: null, fromMs: null };
    }
    if (!a.shown) return { pose: null, fromMs: null };
    if (!b.shown || b.fresh) return { pose: out.copy(a.pose), fromMs: a.timeMs };
    const t = (timeMs - a.timeMs) / (b.timeMs - a.timeMs);
    const [pa, pb] = this.p as [Vector3, Vector3];
    const [qa, qb] = this.q as [Quaternion, Quaternion];
    const [sa, sb] = this.s as [Vector3, Vector3];
    a.pose.decompose(pa, qa, sa);
    b.pose.decompose(pb, qb, sb);
    return { pose: out.compose(pa.lerp(pb, t), qa.slerp(qb, t), sa.lerp(sb, t)), fromMs: b.timeMs };
  }

  /** Forgets the poses before `timeMs` (a scene cut there): no frame after it is posed by them. */
  dropBefore(timeMs: number): void {
    const first = this.entries.findIndex((e) => e.timeMs >= timeMs);
    this.entries.splice(0, first === -1 ? this.entries.length : first);
  }

  clear(): void {
    this.entries.length = 0;
  }
}
