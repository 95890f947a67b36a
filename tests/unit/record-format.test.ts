import { describe, expect, it } from 'vitest';
import {
  MAX_RECORD_PIXELS,
  codecStrings,
  pickRecordFormat,
  RecordClock,
  recordSize,
  type ConfigCheck,
} from '../../workers/capture/record-format';

/** An isConfigSupported stand-in that accepts codec strings starting with one of `prefixes`. */
function accepting(...prefixes: string[]): { check: ConfigCheck; asked: string[] } {
  const asked: string[] = [];
  const check: ConfigCheck = async (config) => {
    asked.push(config.codec);
    return { supported: prefixes.some((p) => config.codec.startsWith(p)), config };
  };
  return { check, asked };
}

describe('pickRecordFormat', () => {
  it('prefers MP4/H.264 (High profile first), in realtime mode, at the asked size', async () => {
    const { check, asked } = accepting('vp09', 'vp8', 'av01', 'avc1');
    const format = await pickRecordFormat(1280, 720, 30, check);
    expect(format).toMatchObject({ container: 'mp4', codec: 'avc', ext: 'mp4', mime: 'video/mp4' });
    expect(format?.config).toMatchObject({ width: 1280, height: 720, framerate: 30 });
    expect(format?.config.latencyMode).toBe('realtime');
    expect(format?.config.avc).toEqual({ format: 'avc' });
    expect(asked).toEqual(['avc1.64001f']);
    // Constrained baseline where the encoder has no High profile (OpenH264).
    const baseline = accepting('avc1.42', 'vp09');
    expect((await pickRecordFormat(1280, 720, 30, baseline.check))?.config.codec).toBe(
      'avc1.42e01f',
    );
  });

  it('falls back to the spec order without H.264: VP9, VP8, then any WebM codec', async () => {
    const vp9 = await pickRecordFormat(640, 480, 30, accepting('vp09', 'vp8', 'av01').check);
    expect(vp9).toMatchObject({ container: 'webm', codec: 'vp9', ext: 'webm', mime: 'video/webm' });
    expect((await pickRecordFormat(640, 480, 30, accepting('vp8', 'av01').check))?.codec).toBe(
      'vp8',
    );
    expect((await pickRecordFormat(640, 480, 30, accepting('av01').check))?.codec).toBe('av1');
  });

  it('returns null when nothing encodes, and treats a throwing check as unsupported', async () => {
    expect(await pickRecordFormat(640, 480, 30, accepting().check)).toBeNull();
    const throwing: ConfigCheck = () => Promise.reject(new TypeError('bad config'));
    expect(await pickRecordFormat(640, 480, 30, throwing)).toBeNull();
  });
});

describe('recordSize', () => {
  it('doubles the video with even sides', () => {
    expect(recordSize(640, 360, 2)).toEqual({ width: 1280, height: 720 });
    expect(recordSize(436, 384, 2)).toEqual({ width: 872, height: 768 });
    expect(recordSize(321, 241, 2)).toEqual({ width: 642, height: 482 });
  });

  it('caps large videos at the pixel budget, keeping the aspect ratio', () => {
    const { width, height } = recordSize(1280, 720, 2);
    expect(width * height).toBeLessThanOrEqual(MAX_RECORD_PIXELS);
    expect(width).toBe(1920);
    expect(height).toBe(1080);
  });
});

describe('codecStrings', () => {
  it('raises the level with the size', () => {
    expect(codecStrings('vp9', 1280, 720)).toEqual(['vp09.00.31.08']);
    expect(codecStrings('vp9', 1920, 1080)).toEqual(['vp09.00.41.08']);
    expect(codecStrings('avc', 1280, 720)[0]).toBe('avc1.64001f');
    expect(codecStrings('avc', 1920, 1080)[0]).toBe('avc1.640028');
  });
});

describe('RecordClock', () => {
  const MS = 1000;
  /** Feeds pictures at the given times (ms) and returns the timestamps (ms) that were kept. */
  const EPOCH = 1_700_000_000_000_000;
  const keep = (times: number[], pressedAtMs = times[0] ?? 0) => {
    const clock = new RecordClock(30, pressedAtMs * MS + EPOCH);
    const kept: number[] = [];
    for (const t of times) {
      const slot = clock.slot(t * MS + EPOCH);
      if (slot === null) continue;
      clock.take(slot, t * MS + EPOCH);
      kept.push(clock.timestampUs(slot) / MS);
    }
    return { kept, durationS: clock.durationS() };
  };

  it('keeps a 30 fps stream whole, jitter and all, on a 1/30 s grid', () => {
    const times = Array.from({ length: 30 }, (_, i) => i * 33.3 + (i % 2 ? 6 : -6));
    const { kept, durationS } = keep(times);
    expect(kept).toHaveLength(30);
    expect(kept[1]).toBeCloseTo(33.333, 2);
    expect(durationS).toBeCloseTo(1, 5);
  });

  it('halves a 60 fps stream and leaves gaps for a slow one, in real time', () => {
    expect(keep(Array.from({ length: 61 }, (_, i) => i * 16.67)).kept).toHaveLength(31);
    const slow = keep(Array.from({ length: 5 }, (_, i) => i * 250));
    expect(slow.kept).toHaveLength(5);
    expect(slow.kept.at(-1)).toBeCloseTo(1000, 0);
  });

  it('starts at the first picture after the press: none is held over the start', () => {
    // Pressed at 100 ms; the recorder was ready only at 400 ms: the file starts with that
    // picture, the next ones at their own time after it, not 300 ms of one picture first.
    const { kept } = keep([50, 400, 433, 466], 100);
    expect(kept).toEqual([0, 33.333, 66.667].map((v) => expect.closeTo(v, 2)));
    const clock = new RecordClock(30, 1e6);
    expect(clock.endSlot(1e6 + 4e6)).toBe(119); // stop pressed 4 s later: slots 0..119
    clock.take(0, 1e6 + 5e5); // its first picture came 0.5 s after the press
    expect(clock.endSlot(1e6 + 4e6)).toBe(104); // 3.5 s of file
  });
});
