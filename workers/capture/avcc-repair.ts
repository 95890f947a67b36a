/**
 * Firefox's H.264 encoder hands WebCodecs an AVCDecoderConfigurationRecord (the MP4's avcC) in
 * which every SPS and PPS carries its NAL header byte twice, with the reserved bits of two fields
 * cleared (Mozilla bug 2031056). Browsers then play the file from the parameter sets inside the
 * stream, but ffmpeg, Windows and strict players read the record and fail ("sps_id 1 out of
 * range"). This puts the record right before it reaches the file; a sound record passes as is.
 */
export function repairAvcc(record: Uint8Array): Uint8Array {
  // configurationVersion, profile, compatibility, level, lengthSizeMinusOne, numOfSPS.
  if (record.length < 7 || record[0] !== 1) return record;
  const sets: Uint8Array[][] = [[], []];
  let at = 5;
  const read = (count: number, into: Uint8Array[]): boolean => {
    for (let i = 0; i < count; i++) {
      if (at + 2 > record.length) return false;
      const length = (record[at]! << 8) | record[at + 1]!;
      if (at + 2 + length > record.length) return false;
      into.push(record.subarray(at + 2, at + 2 + length));
      at += 2 + length;
    }
    return true;
  };
  if (!read(record[at++]! & 0x1f, sets[0]!) || at >= record.length) return record;
  if (!read(record[at++]!, sets[1]!)) return record;
  const [sps, pps] = sets as [Uint8Array[], Uint8Array[]];
  // An SPS's second byte is its profile_idc; 0x67 (103) is none, but is the SPS header again.
  const doubled = sps.length > 0 && sps.every((set) => set[0] === 0x67 && set[1] === 0x67);
  const reservedBitsClear = (record[4]! & 0xfc) !== 0xfc || (record[5]! & 0xe0) !== 0xe0;
  if (!doubled && !reservedBitsClear) return record;
  const undouble = (set: Uint8Array) =>
    doubled && set.length > 1 && set[0] === set[1] ? set.subarray(1) : set;
  const parts: number[] = [...record.subarray(0, 4), 0xfc | (record[4]! & 3)];
  const write = (list: Uint8Array[], countByte: number) => {
    parts.push(countByte);
    for (const set of list.map(undouble)) parts.push(set.length >> 8, set.length & 0xff, ...set);
  };
  write(sps, 0xe0 | sps.length);
  write(pps, pps.length);
  // High profiles' chroma and bit-depth fields follow; they are kept as they are.
  parts.push(...record.subarray(at));
  return Uint8Array.from(parts);
}

/** The encoder's metadata with its avcC put right (repairAvcc), for the muxer. */
export function repairAvcMeta(
  meta: EncodedVideoChunkMetadata | undefined,
): EncodedVideoChunkMetadata | undefined {
  const description = meta?.decoderConfig?.description;
  if (!meta?.decoderConfig || !description || !meta.decoderConfig.codec.startsWith('avc1')) {
    return meta;
  }
  const bytes = ArrayBuffer.isView(description)
    ? new Uint8Array(description.buffer, description.byteOffset, description.byteLength)
    : new Uint8Array(description);
  const repaired = repairAvcc(bytes);
  if (repaired === bytes) return meta;
  return { ...meta, decoderConfig: { ...meta.decoderConfig, description: repaired } };
}
