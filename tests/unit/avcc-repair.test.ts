import { describe, expect, it } from 'vitest';
import { repairAvcc, repairAvcMeta } from '../../workers/capture/avcc-repair';

const hex = (text: string) => Uint8Array.from(text.split(' ').map((byte) => parseInt(byte, 16)));

/** The record Chromium's encoder gave for a 1280×720 High-profile recording (sound). */
const CHROMIUM = hex(
  '01 64 0c 1f ff e1 00 13 67 64 0c 1f ac 19 1a 80 50 05 ba 6e 02 1a 02 0f 08 84 6a 01 00 04 68 ce 3c 80 fd f8 f8 00',
);
/** The record Firefox ESR 153's encoder gave for a 872×768 recording, as it came. */
const FIREFOX = hex(
  '01 64 00 1f 03 01 00 1a 67 67 64 00 1f ac d9 40 dc 18 79 78 40 00 00 03 00 40 07 a1 20 03 c6 0c 65 80 01 00 06 68 68 eb ec b2 2c',
);

describe('repairAvcc', () => {
  it('passes a sound record through untouched', () => {
    expect(repairAvcc(CHROMIUM)).toBe(CHROMIUM);
  });

  it("drops Firefox's doubled NAL headers and sets the reserved bits", () => {
    const fixed = repairAvcc(FIREFOX);
    expect([...fixed.subarray(0, 6)]).toEqual([0x01, 0x64, 0x00, 0x1f, 0xff, 0xe1]);
    // SPS: 25 bytes, starting with its header once, then profile_idc 100 (High).
    expect([...fixed.subarray(6, 10)]).toEqual([0x00, 0x19, 0x67, 0x64]);
    expect(fixed.length).toBe(FIREFOX.length - 2);
    const pps = fixed.subarray(6 + 2 + 25);
    expect([...pps]).toEqual([0x01, 0x00, 0x05, 0x68, 0xeb, 0xec, 0xb2, 0x2c]);
    // Repairing twice changes nothing more.
    expect(repairAvcc(fixed)).toBe(fixed);
  });

  it('leaves a record it cannot read as it is', () => {
    const truncated = FIREFOX.subarray(0, 20);
    expect(repairAvcc(truncated)).toBe(truncated);
    const notAvcc = hex('00 00 00 01 67 64');
    expect(repairAvcc(notAvcc)).toBe(notAvcc);
  });
});

describe('repairAvcMeta', () => {
  it('repairs only H.264 descriptions', () => {
    const avc = { decoderConfig: { codec: 'avc1.64001f', description: FIREFOX } };
    const repaired = repairAvcMeta(avc)?.decoderConfig?.description as Uint8Array;
    expect(repaired.length).toBe(FIREFOX.length - 2);
    const vp9 = { decoderConfig: { codec: 'vp09.00.31.08', description: FIREFOX } };
    expect(repairAvcMeta(vp9)).toBe(vp9);
    expect(repairAvcMeta(undefined)).toBeUndefined();
  });
});
