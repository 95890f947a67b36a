import { describe, expect, it } from 'vitest';
import { encodeBudgetMs } from '../../workers/capture/encoder-pace';
import type { RecordFormat } from '../../workers/capture/record-format';
import { chooseRecordFormat, sizeNote } from '../../workers/capture/record-size';

/** Every size is encodable in MP4/H.264 (the format itself is record-format.test.ts's). */
const pick = (width: number, height: number): Promise<RecordFormat> =>
  Promise.resolve({
    container: 'mp4',
    codec: 'avc',
    ext: 'mp4',
    mime: 'video/mp4',
    config: { codec: 'avc1.640028', width, height },
  });

/** An encoder whose time per frame grows with the pixels: `msPerMegapixel`. */
const paced = (msPerMegapixel: number, seen: number[] = []) => {
  return (config: VideoEncoderConfig) => {
    seen.push(config.width!);
    return Promise.resolve(((config.width! * config.height!) / 1e6) * msPerMegapixel);
  };
};

describe('chooseRecordFormat', () => {
  it('keeps 2× where the encoder keeps up', async () => {
    const chosen = await chooseRecordFormat(640, 360, 2, paced(1), pick);
    expect(chosen!.scale).toBe(2);
    expect(chosen!.format.config.width).toBe(1280);
    expect(sizeNote(chosen!, 2, 640)).toBe('Recorded at 1280x720, 2x the camera picture.');
  });

  it('falls back to the largest size that keeps up, and the note says why', async () => {
    // 1280×720 takes 0.92 MP × 12 = 11 ms (over the 10 ms budget); 960×540 takes 6.2 ms.
    const widths: number[] = [];
    const chosen = await chooseRecordFormat(640, 360, 2, paced(12, widths), pick);
    expect(encodeBudgetMs()).toBe(10);
    expect(widths).toEqual([1280, 960]);
    expect(chosen!.scale).toBe(1.5);
    expect(sizeNote(chosen!, 2, 640)).toBe(
      'Recorded at 960x540, 1.5x the camera picture: the encoder took 2x 11.1 ms a frame, ' +
        'over its 10.0 ms budget.',
    );
  });

  it('takes 1× when nothing keeps up, and a failed probe counts as too slow', async () => {
    const failing = () => Promise.reject(new Error('encoder error'));
    const chosen = await chooseRecordFormat(640, 360, 2, failing, pick);
    expect(chosen!.scale).toBe(1);
    expect(chosen!.trials.map((t) => t.paceMs)).toEqual([Infinity, Infinity, Infinity]);
    expect(sizeNote(chosen!, 2, 640)).toContain('2x failed, 1.5x failed');
  });

  it('times a size once when the pixel cap makes two scales the same', async () => {
    const widths: number[] = [];
    // 1920×1080 at 2×, 1.5× and 1× all hit MAX_RECORD_PIXELS: one size, timed once, kept.
    const chosen = await chooseRecordFormat(1920, 1080, 2, paced(100, widths), pick);
    expect(widths).toEqual([1920]);
    expect(sizeNote(chosen!, 2, 1920)).toBe('Recorded at 1920x1080, 1x the camera picture.');
  });

  it('takes the asked size untimed without a picture, and null where nothing encodes', async () => {
    expect((await chooseRecordFormat(640, 360, 2, null, pick))!.scale).toBe(2);
    const none = () => Promise.resolve(null);
    expect(await chooseRecordFormat(640, 360, 2, paced(1), none)).toBeNull();
  });
});
