import { RECORD_FPS } from '../src/shared/ui-constants';
import type { RecordingInfo, RecordingRefusal, RecordingResult } from '../src/shared/try-on-types';
import { createFrameScaler, type FrameScaler } from './frame-scaler';
import type { Muxer } from './muxer';
import { pickRecordFormat, RecordClock, recordSize, type RecordFormat } from './record-format';

/** More frames than this waiting in the encoder and new ones are dropped: tracking comes first. */
const MAX_ENCODE_QUEUE = 2;
const KEY_FRAME_INTERVAL = 2 * RECORD_FPS;

/**
 * Encodes the rendered pictures with WebCodecs and muxes them with mediabunny, in this worker.
 * Pictures come from the tracked frames' own timeline, at most RECORD_FPS of them (RecordClock).
 * Encoding runs on the encoder's threads; this thread only takes a snapshot of each picture.
 */
export class Recorder {
  private readonly encoder: VideoEncoder;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private readonly clock: RecordClock;
  /** The last picture sent, kept to hold the file's end up to the stop press. */
  private last: VideoFrame | null = null;
  private frames = 0;
  private dropped = 0;
  private stopped = false;
  readonly info: RecordingInfo;

  private constructor(
    private readonly format: RecordFormat,
    private readonly scale: FrameScaler,
    private readonly muxer: Muxer,
    startUs: number,
  ) {
    this.clock = new RecordClock(RECORD_FPS, startUs);
    const { width = 0, height = 0 } = format.config;
    this.info = { mime: format.mime, ext: format.ext, codec: format.config.codec, width, height };
    this.encoder = new VideoEncoder({
      output: (chunk, meta) => {
        // The muxer takes packets in order, one after the other.
        const hand = this.muxer.add(chunk, meta);
        this.writing = this.writing
          .then(() => (this.failure ? undefined : hand()))
          .catch((error: unknown) => this.fail(error));
      },
      error: (error) => this.fail(error),
    });
    this.encoder.configure(format.config);
  }

  /** `pressedAtMs`: when the user asked (epoch ms, the frames' clock); the file starts there. */
  static async start(
    videoWidth: number,
    videoHeight: number,
    scale: number,
    pressedAtMs: number,
  ): Promise<Recorder | RecordingRefusal> {
    if (typeof VideoEncoder === 'undefined') return 'no-webcodecs';
    if (!videoWidth || !videoHeight) return 'no-picture';
    const { width, height } = recordSize(videoWidth, videoHeight, scale);
    const format = await pickRecordFormat(width, height, RECORD_FPS);
    if (!format) return 'unsupported';
    const [scaler, muxer] = await Promise.all([
      createFrameScaler(format.config),
      import('./muxer').then(({ createMuxer }) =>
        createMuxer(format.container, format.codec, RECORD_FPS),
      ),
    ]);
    return new Recorder(format, scaler, muxer, pressedAtMs * 1000);
  }

  /** Call right after rendering `picture`, in the same task (the drawing buffer is not kept). */
  addFrame(picture: OffscreenCanvas, timestampUs: number): void {
    if (this.stopped || this.failure) return;
    const slot = this.clock.slot(timestampUs);
    if (slot === null) return;
    if (this.encoder.encodeQueueSize > MAX_ENCODE_QUEUE) {
      this.dropped++;
      return;
    }
    const frame = this.scale(picture, this.clock.timestampUs(slot));
    this.encode(frame, slot);
  }

  /** Takes ownership of `frame`: encodes it in `slot` and keeps it as the last picture. */
  private encode(frame: VideoFrame, slot: number): void {
    try {
      this.encoder.encode(frame, { keyFrame: this.frames % KEY_FRAME_INTERVAL === 0 });
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
   * Holds the last picture up to `pressedAtMs` (the stop press, epoch ms), flushes the encoder and
   * finishes the file, so that it lasts from press to press.
   */
  async stop(pressedAtMs: number): Promise<RecordingResult> {
    const end = this.clock.endSlot(pressedAtMs * 1000);
    const last = this.last;
    this.last = null;
    if (last && !this.failure && end > this.clock.last) {
      this.encode(new VideoFrame(last, { timestamp: this.clock.timestampUs(end) }), end);
    }
    last?.close();
    this.stopped = true;
    try {
      if (this.encoder.state === 'configured') await this.encoder.flush();
    } catch (error) {
      this.fail(error);
    } finally {
      if (this.encoder.state !== 'closed') this.encoder.close();
    }
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
      frames: this.frames,
      dropped: this.dropped,
      durationS: this.clock.durationS,
    };
  }

  /** Drops the recording (engine disposed). */
  cancel(): void {
    this.stopped = true;
    this.last?.close();
    this.last = null;
    if (this.encoder.state !== 'closed') this.encoder.close();
    void this.muxer.cancel().catch(() => {});
  }

  private fail(error: unknown): void {
    this.failure ??= error;
  }
}
