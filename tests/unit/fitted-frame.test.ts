// What the page keeps of each frame's fit (fittedFramesAtom): a report fitted before the head
// loaded (an engine restarting re-wears the frame at once) must not wipe the 贴脸 figure.
import { describe, expect, it } from 'vitest';
import type { GlassesReport } from '../../src/shared/glasses-types';
import { fittedFrameOf } from '../../src/state/atoms';

const report = (cheekMm?: number | null) =>
  ({
    widthMm: 140,
    frameSize: { lensMm: 52, bridgeMm: 18, templeMm: 145, fromLenses: true },
    lensOutlineMm: null,
    ...(cheekMm === undefined ? {} : { cheekMm }),
  }) as unknown as GlassesReport;

describe('fittedFrameOf', () => {
  it('takes the cheek figure the report has, a null one included', () => {
    expect(fittedFrameOf(report(-1.4)).cheekMm).toBe(-1.4);
    expect(fittedFrameOf(report(null), fittedFrameOf(report(-1.4))).cheekMm).toBeNull();
  });

  it('keeps the one before when the report has none', () => {
    expect(fittedFrameOf(report(), fittedFrameOf(report(-1.4))).cheekMm).toBe(-1.4);
    expect('cheekMm' in fittedFrameOf(report())).toBe(false);
  });
});
