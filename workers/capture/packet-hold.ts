/** How long encoded pictures wait before the muxer takes them: the stop press's worst lateness. */
export const HOLD_US = 2_000_000;

interface Packet {
  chunk: EncodedVideoChunk;
  meta?: EncodedVideoChunkMetadata;
}

/**
 * Holds the newest encoded pictures back from the muxer, so that when the stop press reaches a
 * busy worker late, the pictures drawn after the press can still be left out of the file.
 * Dropping only trailing pictures keeps the rest decodable (nothing earlier refers to them).
 */
export class PacketHold {
  private readonly packets: Packet[] = [];
  /** Timestamp of the last picture handed to the muxer, or null before the first. */
  lastOutUs: number | null = null;

  constructor(
    private readonly sink: (chunk: EncodedVideoChunk, meta?: EncodedVideoChunkMetadata) => void,
  ) {}

  add(chunk: EncodedVideoChunk, meta?: EncodedVideoChunkMetadata): void {
    this.packets.push(meta ? { chunk, meta } : { chunk });
    this.release(chunk.timestamp - HOLD_US);
  }

  /** Hands on every picture up to `endUs` and drops the later ones; returns how many it dropped. */
  cut(endUs: number): number {
    this.release(endUs);
    const dropped = this.packets.length;
    this.packets.length = 0;
    return dropped;
  }

  private release(untilUs: number): void {
    while (this.packets.length > 0 && this.packets[0]!.chunk.timestamp <= untilUs) {
      const { chunk, meta } = this.packets.shift()!;
      this.lastOutUs = chunk.timestamp;
      this.sink(chunk, meta);
    }
  }
}
