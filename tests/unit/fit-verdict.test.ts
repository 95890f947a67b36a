// The verdict on a fit: what no real frame has is never "ok". Facts are built by hand, in the
// canonical face's centimetres, from frames whose real sizes are known.
import { describe, expect, it } from 'vitest';
import { formatFrameSize, parseFrameSize, type FrameSize } from '../../src/shared/glasses-types';
import { judgeFit, type FitFacts } from '../../workers/fit/fit-verdict';

const SIZE: FrameSize = { lensMm: 52, bridgeMm: 18, templeMm: 140, fromLenses: true };

/** A 52□18-140 frame, 136 mm wide, lenses 3.5 cm either side of the bridge. */
function facts(change: Partial<FitFacts> = {}): FitFacts {
  return {
    widthMm: 136,
    frameSize: SIZE,
    temples: 'back',
    lensCentres: [
      [-3.5, 2.6, 5.6],
      [3.5, 2.6, 5.6],
    ],
    bridge: [0, 3.2, 5.6],
    heightMm: 42,
    found: [],
    ...change,
  };
}

const codes = (f: FitFacts) => judgeFit(f).reasons.map((r) => `${r.level}:${r.code}`);

describe('judgeFit', () => {
  it('passes a real frame with confidence 1', () => {
    expect(judgeFit(facts())).toEqual({ verdict: 'ok', confidence: 1, reasons: [] });
  });

  it('never calls a 29 cm front fine: refused, with the width named', () => {
    const judged = judgeFit(facts({ widthMm: 290 }));
    expect(judged.verdict).toBe('refused');
    expect(judged.confidence).toBe(0);
    expect(judged.reasons).toContainEqual({
      code: 'front-wide',
      level: 'refuse',
      values: { widthMm: 290, low: 95, high: 175 },
    });
  });

  it('warns, and does not refuse, just outside the bounds (a 79 mm front, 185 mm temples)', () => {
    expect(codes(facts({ widthMm: 79 }))).toEqual(['warn:front-narrow']);
    const long = facts({ frameSize: { ...SIZE, templeMm: 185 } });
    expect(codes(long)).toEqual(['warn:temples-long']);
    expect(judgeFit(long).confidence).toBe(0.75);
  });

  it('finds lenses that are not level (over 5°) or not mirror images (over 3 mm)', () => {
    const tilted = facts({
      lensCentres: [
        [-3.5, 2.0, 5.6],
        [3.5, 2.9, 5.6],
      ],
    });
    expect(codes(tilted)).toEqual(['warn:lenses-tilted']);
    const offCentre = facts({
      lensCentres: [
        [-3.0, 2.6, 5.6],
        [3.5, 2.6, 5.6],
      ],
    });
    expect(codes(offCentre)).toEqual(['warn:lenses-unmirrored']);
    // One lens off the eye by 1.4 cm: the fit is wrong, not the frame odd.
    const offEye = facts({
      lensCentres: [
        [-4.7, 3.5, 5.6],
        [6.1, 1.8, 5.6],
      ],
    });
    expect(judgeFit(offEye).verdict).toBe('refused');
  });

  it('refuses a bridge that is not between the lenses', () => {
    expect(codes(facts({ bridge: [5, 3.2, 5.6] }))).toEqual(['refuse:bridge-off']);
  });

  it('keeps what the fit found on the way, and prices each level', () => {
    const judged = judgeFit(
      facts({
        found: [
          { code: 'unit-unknown', level: 'warn', values: { widthMm: 140 } },
          { code: 'posed', level: 'info' },
        ],
      }),
    );
    expect(judged.verdict).toBe('warn');
    expect(judged.confidence).toBe(0.7);
  });
});

describe('frame size as shops write it', () => {
  it('reads 52□18-140 and its common spellings, and writes it back', () => {
    expect(parseFrameSize('52□18-140')).toEqual({ lensMm: 52, bridgeMm: 18, templeMm: 140 });
    expect(parseFrameSize('52[]18-140')).toEqual({ lensMm: 52, bridgeMm: 18, templeMm: 140 });
    expect(parseFrameSize('49x20')).toEqual({ lensMm: 49, bridgeMm: 20, templeMm: null });
    expect(formatFrameSize({ lensMm: 51.6, bridgeMm: 17.5, templeMm: 139.7 })).toBe('52□18-140');
    expect(formatFrameSize({ lensMm: 52, bridgeMm: 18, templeMm: null })).toBe('52□18');
  });

  it('refuses what is not a frame size', () => {
    for (const text of ['', '52', '520□18-140', '52□18-40', 'big', '52□48-140', '52□18 -  140 x']) {
      expect(parseFrameSize(text), text).toBeNull();
    }
  });

  it('takes spaces around its parts, and refuses a padded text before any pattern', () => {
    expect(parseFrameSize(' 52 □ 18 - 140 ')).toEqual({ lensMm: 52, bridgeMm: 18, templeMm: 140 });
    // 32 000 spaces and a stray character: 1.1 s of backtracking before, in one manifest entry.
    expect(parseFrameSize(`52□18${' '.repeat(32_000)}!`)).toBeNull();
  });
});
