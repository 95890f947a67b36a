import { RECORD_FPS } from '../../src/shared/ui-constants';
import type {
  RecordingInfo,
  RecordingRefusal,
  RecordingResult,
} from '../../src/shared/try-on-types';
import { EncodeGate } from './encode-gate';
import { createFrameGrabber, type FrameGrabber } from './frame-grabber';
import type { Muxer } from './muxer';
import { PacketHold } from './packet-hold';
import { RecordClock, type RecordFormat } from './record-format';
import type { RecordPlan } from './record-prep';
import { sizeNote } from './record-size';

/** Frames waiting in the encoder over which every other picture is left out, and all are. */
const BUSY_ENCODER = 2;
const FULL_ENCODER = 6;
const KEY_FRAME_INTERVAL = 2 * RECORD_FPS;

/**
 * Encodes the rendered pictures with WebCodecs and muxes them with mediabunny, in this worker.
 * Pictures come from the drawn frames' own timeline, at most RECORD_FPS of them (RecordClock).
 * Encoding runs on the encoder's threads; this thread only starts the copy of each picture.
 */
export class Recorder {
  private readonly encoder: VideoEncoder;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private readonly clock: RecordClock;
  private readonly hold: PacketHold;
  private readonly gate = new EncodeGate(BUSY_ENCODER, FULL_ENCODER);
  /** The last picture sent, kept to end the file at the stop press (`stop`). */
  private last: VideoFrame | null = null;
  private frames = 0;
  private dropped = 0;
  private stopped = false;
  readonly info: RecordingInfo;

  private constructor(
    private readonly format: RecordFormat,
    private readonly grabber: FrameGrabber,
    private readonly muxer: Muxer,
    startUs: number,
    scale: number,
  ) {
    this.clock = new RecordClock(RECORD_FPS, startUs);
    const { width = 0, height = 0, codec } = format.config;
    this.info = { mime: format.mime, ext: format.ext, codec, width, height, scale };
    this.hold = new PacketHold((chunk, meta) => {
      // The muxer takes packets in order, one after the other.
      const hand = this.muxer.add(chunk, meta);
      this.writing = this.writing
        .then(() => (this.failure ? undefined : hand()))
        .catch((error: unknown) => this.fail(error));
    });
    this.encoder = new VideoEncoder({
      output: (chunk, meta) => this.hold.add(chunk, meta),
      error: (error) => this.fail(error),
    });
    this.encoder.configure(format.config);
  }

  /**
   * `gl`: the context the pictures are drawn with. `plan`: the format, scale and grabber decided
   * for this size (record-prep.ts; a smaller scale than asked where the encoder cannot keep up,
   * and the file says so). `pressedAtMs`: when the user asked (epoch ms, the frames' clock); the
   * file starts with the first picture after it.
   */
  static async start(
    gl: WebGL2RenderingContext | WebGLRenderingContext,
    videoWidth: number,
    videoHeight: number,
    scale: number,
    pressedAtMs: number,
    plan: RecordPlan,
  ): Promise<Recorder | RecordingRefusal> {
    if (typeof VideoEncoder === 'undefined') return 'no-webcodecs';
    if (!videoWidth || !videoHeight) return 'no-picture';
    const chosen = plan.sized;
    if (!chosen) return 'unsupported';
    const { format } = chosen;
    const note = sizeNote(chosen, scale, videoWidth);
    const grabber = createFrameGrabber(format.config, gl, plan.encoderScales);
    const { createMuxer } = await import('./muxer');
    const muxer = await createMuxer(format.container, format.codec, RECORD_FPS, note);
    return new Recorder(format, grabber, muxer, pressedAtMs * 1000, chosen.scale);
  }

  /** Call right after rendering `picture`, in the same task (the drawing buffer is not kept). */
  addFrame(picture: OffscreenCanvas, timestampUs: number): void {
    if (this.stopped || this.failure) return;
    const slot = this.clock.slot(timestampUs);
    if (slot === null) {
      // A second picture within one 1/30 s slot is left out, and counted like a busy encoder's.
      if (this.clock.covers(timestampUs)) this.dropped++;
      return;
    }
    if (!this.gate.admit(this.encoder.encodeQueueSize)) {
      this.dropped++;
      return;
    }
    // The slot is taken now: later pictures must not claim it while this one is on its way.
    const taken = this.grabber.grab(picture, this.clock.timestampUs(slot), (frame) => {
      if (!frame) this.dropped++;
      else if (this.failure || this.encoder.state === 'closed') frame.close();
      else this.encode(frame, slot);
    });
    if (taken) this.clock.take(slot, timestampUs);
    else this.dropped++;
  }

  /** Takes ownership of `frame`: encodes it in `slot` and keeps it as the last picture. */
  private encode(frame: VideoFrame, slot: number, keyFrame = false): void {
    try {
      const key = keyFrame || this.frames % KEY_FRAME_INTERVAL === 0;
      this.encoder.encode(frame, { keyFrame: key });
      this.clock.take(slot);
      this.frames++;
      this.last?.close();
      this.last = frame;
    } catch (error) {
      frame.close();
      this.fail(error);
    }
  }

  /**
   * Ends the file at `pressedAtMs` (the stop press, epoch ms), so that it lasts from its first
   * picture to the stop press: pictures in slots after the press's are cut, and the last picture
   * given (the first captured after the press, where the caller waited for one: recording.ts) is
   * shown at the press when no picture fills the press's own slot.
   */
  async stop(pressedAtMs: number): Promise<RecordingResult> {
    this.stopped = true;
    const end = this.clock.endSlot(pressedAtMs * 1000);
    const endUs = this.clock.timestampUs(end);
    await this.grabber.settle();
    this.grabber.dispose();
    await this.flush();
    const late = this.hold.cut(endUs);
    const last = this.last;
    this.last = null;
    // A picture cut above that is in the file after all, at the press.
    let reused = 0;
    if (last && !this.failure && (this.hold.lastOutUs ?? -1) < endUs) {
      if (last.timestamp > endUs) reused = 1;
      // A key frame: the encoder's state may refer to pictures just left out.
      this.encode(new VideoFrame(last, { timestamp: endUs }), end, true);
      await this.flush();
      this.hold.cut(endUs);
    }
    // The held picture, if one was encoded, is kept by the encoder; ours can go.
    (this.last as VideoFrame | null)?.close();
    this.last = null;
    last?.close();
    if (this.encoder.state !== 'closed') this.encoder.close();
    await this.writing;
    if (!this.failure && this.frames === 0) this.fail(new Error('no frames were recorded'));
    if (this.failure) {
      await this.muxer.cancel().catch(() => {});
      throw this.failure;
    }
    const buffer = await this.muxer.finish();
    return {
      ...this.info,
      blob: new Blob([buffer], { type: this.format.mime }),
      frames: this.frames - late,
      dropped: this.dropped + late - reused,
      durationS: this.clock.durationS(end),
    };
  }

  /** Drops the recording (engine disposed). */
  cancel(): void {
    this.stopped = true;
    this.grabber.dispose();
    this.last?.close();
    this.last = null;
    if (this.encoder.state !== 'closed') this.encoder.close();
    void this.muxer.cancel().catch(() => {});
  }

  private async flush(): Promise<void> {
    try {
      if (this.encoder.state === 'configured') await this.encoder.flush();
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    this.failure ??= error;
  }
}
