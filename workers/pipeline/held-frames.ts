import type { FrameLedger } from '../common/frame-ledger';
import { SlidingWindow } from '../common/stats';

/**
 * The longest a file's frame is held back. A moving face's frame waits for the next tracked
 * frame and that frame's detection: about two detections (bench: "Detect ms p50 / p95"). The
 * bench's "File playing" rows give the hold and the frames drawn before their pose came
 * (`heldGuessed`); beside three busy loops the stats read 370–620 ms and 2–4 of ~450 frames
 * (detections p95 300–355 ms). It is also how long a frame past its time waits for its pose;
 * one whose pose is still unknown then is drawn with the pose predicted to it, as a camera's is.
 */
export const HOLD_MS = 800;
/** The hold before any wait has been seen (a new file). */
const FIRST_HOLD_MS = 400;
/** Added to the waits seen: a result a little later than those still comes in time. */
const HOLD_MARGIN_MS = 30;
/**
 * How much shorter each frame's hold may be than the one before it: a shorter hold draws the frame
 * sooner after the one before, and a sudden drop would draw frames in a burst, of which the screen
 * shows one and the recording keeps few (pixel-pack-grabber.ts's PACK_BUFFERS).
 */
const SHRINK_MS_PER_FRAME = 3;
/** Frames held at most (HOLD_MS at 30 frames a second): past it the oldest is drawn at once. */
export const MAX_HELD = 24;
/** Waits for a pose the hold is set from: a second or two of results. */
const WAITS_KEPT = 30;

/** A held frame and what its drawing needs. */
export interface HeldFrame {
  frame: VideoFrame;
  timeMs: number;
  mirror: boolean;
  /** The detection that came since the frame before it arrived (the meter counts it when drawn). */
  detectMs: number | null;
}

/** A frame past its time without its pose waits no longer than this after it came. */
const graceOver = (waiting: Waiting, now: number) => now >= waiting.arrivedAt + HOLD_MS;

interface Waiting extends HeldFrame {
  arrivedAt: number;
  drawAt: number;
  known: boolean;
}

/**
 * A file's frames, each drawn a set time after it came, by when the pose at it is known: a file
 * is muted and nobody waits on it as on a mirror, so its picture can come a little late with the
 * glasses where its head is, instead of at once with a pose predicted from results before it,
 * which lags a head that starts or stops turning (tests/e2e/video-file.e2e.ts, occlusion.e2e.ts).
 * The hold is the longest of the last 30 waits for a pose (plus a margin, at most HOLD_MS), and
 * every frame gets about the same, so the frames keep their pace. Each frame is closed once drawn
 * or dropped.
 */
export class HeldFrames {
  private readonly queue: Waiting[] = [];
  private waits = new SlidingWindow(WAITS_KEPT);
  private timer: ReturnType<typeof setTimeout> | undefined;
  private hold = FIRST_HOLD_MS;
  /** Who waits for the frames up to a time to be drawn (drawnThrough). */
  private waiters: { timeMs: number; done: () => void }[] = [];
  /**
   * Since a jump or a cut, until the first result after it: the tracker finds the face afresh
   * then, which is slower than following it, so those waits do not set the hold.
   */
  private settling = false;
  /** Frames drawn before their pose was known (the hold was too short), since the source began. */
  guessed = 0;
  /** Frames not drawn, a later one being due as well (skip), since the source began. */
  skipped = 0;

  constructor(
    private readonly frames: FrameLedger,
    private readonly known: (timeMs: number) => boolean,
    /** Whether a detection is out, whose result may pose a frame past its time. */
    private readonly detecting: () => boolean,
    private readonly draw: (held: HeldFrame) => void,
  ) {}

  /** How long a frame coming now is held (ms): longer at once, shorter by little steps. */
  get holdMs(): number {
    return this.hold;
  }

  /** Whether frames are held, to be drawn. */
  get waiting(): boolean {
    return this.queue.length > 0;
  }

  private nextHold(): number {
    if (this.waits.values.length === 0) return this.hold;
    const wanted = Math.min(HOLD_MS, this.waits.p(100) + HOLD_MARGIN_MS);
    this.hold = Math.max(wanted, this.hold - SHRINK_MS_PER_FRAME);
    return this.hold;
  }

  /** Takes `held.frame` (closed once drawn) and draws whatever is due. */
  push(held: HeldFrame): void {
    const arrivedAt = performance.now();
    const after = this.queue.at(-1)?.drawAt ?? 0;
    const drawAt = Math.max(after, arrivedAt + this.nextHold());
    this.queue.push({ ...held, arrivedAt, drawAt, known: false });
    this.drain();
  }

  /**
   * A detection ended (its result applied, or not): the waits it ends are counted, and frames
   * waiting past their time are drawn if their pose came or no detection is out any more.
   */
  resulted(): void {
    const now = performance.now();
    let late = false;
    for (const waiting of this.queue) {
      late ||= waiting.drawAt <= now;
      if (waiting.known || !this.known(waiting.timeMs)) continue;
      waiting.known = true;
      if (!this.settling) this.waits.push(now - waiting.arrivedAt);
    }
    this.settling = false;
    if (late) this.drain();
  }

  /** The picture jumped or cut: the next result's waits are the tracker's fresh start's. */
  restarted(): void {
    this.settling = true;
  }

  /**
   * Draws, in order, each frame whose time has come, or beyond MAX_HELD. A frame whose pose has
   * not come by its time waits for it while a detection is out, up to HOLD_MS after it came
   * (`graceOver`): a wait longer than any of the last ones (a stall of this machine) then costs a
   * late picture, not glasses drawn where the head was (a guessed pose lags a turning head:
   * tests/e2e/occlusion.e2e.ts). With none out (a paused file's last frames, a paused seek's)
   * its pose would never come.
   */
  private drain(): void {
    const now = performance.now();
    let due: Waiting | undefined;
    for (let first = this.queue[0]; first; first = this.queue[0]) {
      const over = this.queue.length > MAX_HELD;
      if (!over && first.drawAt > now) break;
      if (!over && this.waitsForPose(first, now)) break;
      if (due) this.skip(due);
      due = this.queue.shift()!;
    }
    if (due) {
      // Drawn before its pose was known: the hold was too short; counted as the longest.
      if (!this.poseKnown(due)) {
        if (!this.settling) this.waits.push(HOLD_MS);
        this.guessed++;
      }
      this.drawOne(due);
    }
    this.arm();
  }

  private poseKnown(waiting: Waiting): boolean {
    return waiting.known || this.known(waiting.timeMs);
  }

  /** Past its time (or not), whether `waiting` is kept for the pose a detection out may give. */
  private waitsForPose(waiting: Waiting, now: number): boolean {
    return !this.poseKnown(waiting) && this.detecting() && !graceOver(waiting, now);
  }

  /**
   * A frame whose time passed while a later one's did too (this thread was busy): drawn together,
   * the screen would show only the last, and a recording would take few of them (its copies in
   * flight are few: pixel-pack-grabber.ts); so only the last is drawn, as the frame pump keeps
   * only the newest waiting frame.
   */
  private skip(waiting: Waiting): void {
    this.skipped++;
    this.frames.close(waiting.frame);
  }

  /**
   * Resolves once every frame up to `timeMs` is drawn, each at its own time (a recording's end:
   * drawn at once they would come in a burst the recording cannot keep). Held frames are due
   * within HOLD_MS; past that (a stalled timer) the newest is drawn at once, the others skipped.
   */
  drawnThrough(timeMs: number): Promise<void> {
    return new Promise((resolve) => {
      const deadline = setTimeout(() => {
        this.flush();
        resolve();
      }, HOLD_MS + 100);
      this.waiters.push({ timeMs, done: () => (clearTimeout(deadline), resolve()) });
      this.tell();
    });
  }

  /**
   * Draws the newest held frame now, with what is known, and skips the others (a jump: a seek,
   * the loop's restart, whose last held frames of the file's end are then not shown).
   */
  flush(): void {
    const newest = this.queue.pop();
    for (const waiting of this.queue.splice(0)) this.skip(waiting);
    if (newest) this.drawOne(newest);
    this.arm();
  }

  /** Closes every held frame undrawn (a new source, the engine's end); starts afresh. */
  drop(): void {
    for (const held of this.queue.splice(0)) this.frames.close(held.frame);
    this.arm();
    this.hold = FIRST_HOLD_MS;
    this.waits = new SlidingWindow(WAITS_KEPT);
    this.guessed = 0;
    this.skipped = 0;
    // A new file's first detection finds the face afresh, as after a jump.
    this.settling = true;
  }

  private drawOne(waiting: Waiting): void {
    try {
      this.draw(waiting);
    } catch (error) {
      // Drawn from a timer, with nobody to tell: the next frame tries again.
      console.warn('held frame not drawn', error);
    } finally {
      this.frames.close(waiting.frame);
    }
  }

  /** Tells each waiter whose frames are all drawn. */
  private tell(): void {
    const head = this.queue[0]?.timeMs ?? Infinity;
    const done = this.waiters.filter((w) => w.timeMs < head);
    this.waiters = this.waiters.filter((w) => w.timeMs >= head);
    for (const waiter of done) waiter.done();
  }

  private arm(): void {
    this.tell();
    clearTimeout(this.timer);
    const first = this.queue[0];
    if (!first) return;
    // The time read after any drawing: a frame whose time passed meanwhile is due at once.
    const now = performance.now();
    // Past its time, it waits for its pose or the detection's end (resulted), or its grace's.
    const late = first.drawAt <= now && this.waitsForPose(first, now);
    const at = late ? first.arrivedAt + HOLD_MS : first.drawAt;
    this.timer = setTimeout(() => this.drain(), Math.max(0, at - now));
  }
}
