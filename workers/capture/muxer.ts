import {
  BufferTarget,
  EncodedPacket,
  EncodedVideoPacketSource,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';
import { repairAvcMeta } from './avcc-repair';
import type { RecordCodec, RecordContainer } from './record-format';

/**
 * The mediabunny side of a recording: a WebM or MP4 file in memory with one video track of
 * already-encoded packets. Loaded on the first recording only (named imports keep the bundle to
 * the two muxers).
 */
export interface Muxer {
  /** Adds one encoder output, in order; resolves when the muxer has taken it. */
  add(chunk: EncodedVideoChunk, meta: EncodedVideoChunkMetadata | undefined): () => Promise<void>;
  finish(): Promise<ArrayBuffer>;
  cancel(): Promise<void>;
}

export async function createMuxer(
  container: RecordContainer,
  codec: RecordCodec,
  frameRate: number,
  /** The file's comment tag: at what size it was recorded, and why (record-size.ts). */
  comment: string,
): Promise<Muxer> {
  const target = new BufferTarget();
  const format =
    container === 'webm' ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' });
  const output = new Output({ format, target });
  const source = new EncodedVideoPacketSource(codec);
  output.addVideoTrack(source, { frameRate });
  output.setMetadataTags({ comment });
  await output.start();
  return {
    add(chunk, meta) {
      // The chunk is copied now; the returned thunk hands it over when the caller's turn comes.
      const packet = EncodedPacket.fromEncodedChunk(chunk);
      const sound = repairAvcMeta(meta);
      return () => source.add(packet, sound);
    },
    async finish() {
      source.close();
      await output.finalize();
      if (!target.buffer) throw new Error('the recording produced no data');
      return target.buffer;
    },
    cancel: () => output.cancel(),
  };
}
