import type { BufferTarget, EncodedVideoPacketSource, Output } from 'mediabunny';
import { RECORD_FPS } from '../src/shared/constants';
import { createFrameScaler, type FrameScaler } from './frame-scaler';
import { pickRecordFormat, recordSize, type RecordFormat } from './record-format';

type Mediabunny = typeof import('mediabunny');

/** More frames than this waiting in the encoder and new ones are dropped: tracking comes first. */
const MAX_ENCODE_QUEUE = 2;
const KEY_FRAME_INTERVAL = 2 * RECORD_FPS;
const FRAME_US = 1e6 / RECORD_FPS;

export type RecordingRefusal = 'no-webcodecs' | 'unsupported' | 'no-picture';

export interface RecordingInfo {
  mime: string;
  ext: string;
  codec: string;
  width: number;
  height: number;
}

export type RecordingStart =
  | ({ ok: true } & RecordingInfo)
  | { ok: false; reason: RecordingRefusal };

export interface RecordingResult extends RecordingInfo {
  blob: Blob;
  frames: number;
  dropped: number;
  durationS: number;
}

/**
 * Encodes the rendered pictures with WebCodecs and muxes them with mediabunny, in this worker.
 * Pictures come from the tracked frames' own timeline, at most RECORD_FPS of them: each lands on
 * the nearest 1/30 s slot, a second one for a slot is skipped, and a missing one leaves a gap
 * (the file keeps real time). Encoding runs on the encoder's threads; this thread only snapshots.
 */
export class Recorder {
  private readonly encoder: VideoEncoder;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private startUs: number | null = null;
  private lastSlot = -1;
  private frames = 0;
  private dropped = 0;
  private stopped = false;
  readonly info: RecordingInfo;

  private constructor(
    mediabunny: Mediabunny,
    private readonly format: RecordFormat,
    private readonly scale: FrameScaler,
    private readonly output: Output,
    private readonly target: BufferTarget,
    private readonly source: EncodedVideoPacketSource,
  ) {
    const { width = 0, height = 0 } = format.config;
    this.info = { mime: format.mime, ext: format.ext, codec: format.config.codec, width, height };
    this.encoder = new VideoEncoder({
      output: (chunk, meta) => {
        // Copy the chunk now; the muxer takes packets in order, one after the other.
        const packet = mediabunny.EncodedPacket.fromEncodedChunk(chunk);
        this.writing = this.writing
          .then(() => (this.failure ? undefined : this.source.add(packet, meta)))
          .catch((error: unknown) => this.fail(error));
      },
      error: (error) => this.fail(error),
    });
    this.encoder.configure(format.config);
  }

  static async start(
    videoWidth: number,
    videoHeight: number,
    scale: number,
  ): Promise<Recorder | RecordingRefusal> {
    if (typeof VideoEncoder === 'undefined') return 'no-webcodecs';
    if (!videoWidth || !videoHeight) return 'no-picture';
    const { width, height } = recordSize(videoWidth, videoHeight, scale);
    const format = await pickRecordFormat(width, height, RECORD_FPS);
    if (!format) return 'unsupported';
    const [scaler, mediabunny] = await Promise.all([
      createFrameScaler(format.config),
      import('mediabunny'),
    ]);
    const target = new mediabunny.BufferTarget();
    const container =
      format.container === 'webm'
        ? new mediabunny.WebMOutputFormat()
        : new mediabunny.Mp4OutputFormat({ fastStart: 'in-memory' });
    const output = new mediabunny.Output({ format: container, target });
    const source = new mediabunny.EncodedVideoPacketSource(format.codec);
    output.addVideoTrack(source, { frameRate: RECORD_FPS });
    await output.start();
    return new Recorder(mediabunny, format, scaler, output, target, source);
  }

  /** Call right after rendering `picture`, in the same task (the drawing buffer is not kept). */
  addFrame(picture: OffscreenCanvas, timestampUs: number): void {
    if (this.stopped || this.failure) return;
    this.startUs ??= timestampUs;
    const slot = Math.round((timestampUs - this.startUs) / FRAME_US);
    if (slot <= this.lastSlot) return;
    if (this.encoder.encodeQueueSize > MAX_ENCODE_QUEUE) {
      this.dropped++;
      return;
    }
    const frame = this.scale(picture, Math.round(slot * FRAME_US));
    try {
      this.encoder.encode(frame, { keyFrame: this.frames % KEY_FRAME_INTERVAL === 0 });
      this.lastSlot = slot;
      this.frames++;
    } catch (error) {
      this.fail(error);
    } finally {
      frame.close();
    }
  }

  /** Flushes the encoder and finishes the file. */
  async stop(): Promise<RecordingResult> {
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
      await this.output.cancel().catch(() => {});
      throw this.failure;
    }
    this.source.close();
    await this.output.finalize();
    const buffer = this.target.buffer;
    if (!buffer) throw new Error('the recording produced no data');
    return {
      ...this.info,
      blob: new Blob([buffer], { type: this.format.mime }),
      frames: this.frames,
      dropped: this.dropped,
      durationS: (this.lastSlot + 1) / RECORD_FPS,
    };
  }

  /** Drops the recording (engine disposed). */
  cancel(): void {
    this.stopped = true;
    if (this.encoder.state !== 'closed') this.encoder.close();
    void this.output.cancel().catch(() => {});
  }

  private fail(error: unknown): void {
    this.failure ??= error;
  }
}
