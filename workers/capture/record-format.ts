/**
 * Which container and codec a recording uses: MP4/H.264 wherever the browser can encode it,
 * since iPhone albums, WeChat and most chat apps play MP4 and many refuse WebM. Where it cannot,
 * the order of docs/behaviour.md §5 follows: webm/vp9, webm/vp8, plain webm (with WebCodecs
 * "plain webm" means the one WebM codec left, AV1).
 *
 * H.264 is also the cheapest to encode with Chromium's software encoders (realtime mode,
 * 1280×720 from a 640×360 picture of a face, nothing else running): H.264 takes 12 ms of CPU a
 * frame, AV1 18 ms, VP8 20 ms, VP9 38 ms.
 */

export type RecordContainer = 'webm' | 'mp4';
/** Mediabunny's codec names for the ones we can produce. */
export type RecordCodec = 'vp9' | 'vp8' | 'av1' | 'avc';

export interface RecordFormat {
  container: RecordContainer;
  codec: RecordCodec;
  /** File extension and MIME type of the finished file. */
  ext: string;
  mime: string;
  config: VideoEncoderConfig;
}

export const FORMAT_PREFERENCE: readonly { container: RecordContainer; codec: RecordCodec }[] = [
  { container: 'mp4', codec: 'avc' },
  { container: 'webm', codec: 'vp9' },
  { container: 'webm', codec: 'vp8' },
  { container: 'webm', codec: 'av1' },
];

/**
 * Output size ceiling. 2× a 1280×720 file is 2560×1440, which the software VP9 encoder manages at
 * only ~10 fps on two cores; 1920×1080 is the largest common size every hardware encoder takes.
 */
export const MAX_RECORD_PIXELS = 1920 * 1080;

/** 2× the video, capped by MAX_RECORD_PIXELS, even sides (4:2:0 needs them). */
export function recordSize(
  videoWidth: number,
  videoHeight: number,
  scale: number,
): { width: number; height: number } {
  const fit = Math.min(scale, Math.sqrt(MAX_RECORD_PIXELS / (videoWidth * videoHeight)));
  const even = (n: number) => Math.max(2, Math.round((n * fit) / 2) * 2);
  return { width: even(videoWidth), height: even(videoHeight) };
}

/** About 0.1 bit per pixel at 30 fps: 2.8 Mbit/s at 1280×720. */
export function recordBitrate(width: number, height: number, fps: number): number {
  return Math.round(Math.min(12e6, Math.max(1e6, width * height * fps * 0.1)));
}

/** Codec strings with a level large enough for the size (the encoder rejects too small a level). */
export function codecStrings(codec: RecordCodec, width: number, height: number): string[] {
  const pixels = width * height;
  switch (codec) {
    case 'vp9': {
      const level = pixels <= 983_040 ? '31' : pixels <= 2_228_224 ? '41' : '51';
      return [`vp09.00.${level}.08`];
    }
    case 'vp8':
      return ['vp8'];
    case 'av1': {
      const level = pixels <= 2_359_296 ? '08' : '12';
      return [`av01.0.${level}M.08`];
    }
    case 'avc': {
      const macroblocks = Math.ceil(width / 16) * Math.ceil(height / 16);
      const level = macroblocks <= 3600 ? '1f' : macroblocks <= 8192 ? '28' : '33';
      // High profile where the encoder has it, constrained baseline otherwise (OpenH264).
      return [`avc1.6400${level}`, `avc1.42e0${level}`];
    }
  }
}

export type ConfigCheck = (config: VideoEncoderConfig) => Promise<VideoEncoderSupport>;

/** The first supported format in preference order, or null when the browser can encode none. */
export async function pickRecordFormat(
  width: number,
  height: number,
  fps: number,
  check: ConfigCheck = (config) => VideoEncoder.isConfigSupported(config),
): Promise<RecordFormat | null> {
  const bitrate = recordBitrate(width, height, fps);
  for (const { container, codec } of FORMAT_PREFERENCE) {
    for (const codecString of codecStrings(codec, width, height)) {
      const config: VideoEncoderConfig = {
        codec: codecString,
        width,
        height,
        bitrate,
        framerate: fps,
        // Software encoders at quality settings fall behind on phones and on 2 cores.
        latencyMode: 'realtime',
        ...(codec === 'avc' ? { avc: { format: 'avc' as const } } : {}),
      };
      const supported = await check(config).then(
        (answer) => answer.supported === true,
        () => false,
      );
      if (supported) {
        return { container, codec, ext: container, mime: `video/${container}`, config };
      }
    }
  }
  return null;
}

/**
 * Puts pictures on the recording's 30 fps timeline. The file starts at the first picture taken
 * after the press (a start held on one picture until the encoder is ready would show a frozen
 * start); each later picture lands on the slot nearest to its time since that one; a second
 * picture for a slot is skipped (a 60 fps file records every other frame) and a slot nobody
 * reached stays empty (slow tracking leaves gaps; the file keeps real time instead of speeding up).
 */
export class RecordClock {
  private lastSlot = -1;
  private readonly frameUs: number;
  /** The first picture's time: the file's zero. */
  private originUs: number | null = null;

  /** `pressedUs`: when recording was asked for (the press), on the frames' own clock. */
  constructor(
    fps: number,
    private readonly pressedUs: number,
  ) {
    this.frameUs = 1e6 / fps;
  }

  /**
   * The slot for a picture at `timestampUs`, or null if its slot is already taken or the picture
   * is older than the press. The first picture takes slot 0.
   */
  slot(timestampUs: number): number | null {
    if (!this.covers(timestampUs)) return null;
    if (this.originUs === null) return 0;
    const slot = Math.round((timestampUs - this.originUs) / this.frameUs);
    return slot > this.lastSlot ? slot : null;
  }

  /** Whether a picture at `timestampUs` is the recording's (not from before the press). */
  covers(timestampUs: number): boolean {
    return timestampUs >= this.pressedUs - this.frameUs / 2;
  }

  /** The last slot before `timestampUs` (the stop press): the file ends there. */
  endSlot(timestampUs: number): number {
    const origin = this.originUs ?? this.pressedUs;
    return Math.max(0, Math.round((timestampUs - origin) / this.frameUs) - 1);
  }

  /** Marks the slot as used (once the picture went to the encoder); `timestampUs`: its picture's. */
  take(slot: number, timestampUs?: number): void {
    if (this.originUs === null && timestampUs !== undefined) this.originUs = timestampUs;
    this.lastSlot = Math.max(this.lastSlot, slot);
  }

  get last(): number {
    return this.lastSlot;
  }

  timestampUs(slot: number): number {
    return Math.round(slot * this.frameUs);
  }

  /** From the first slot to the end of `slot` (the file's length when it ends there). */
  durationS(slot = this.lastSlot): number {
    return ((slot + 1) * this.frameUs) / 1e6;
  }
}
