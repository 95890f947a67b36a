// Issue 48: how thick both lenses get around a frame's outline, or why they cannot be made,
// against worked examples derived by hand below from the formulas (exact sag s = r − √(r² − h²),
// r = 1000 (n − 1) / |F| mm; lens-optics.test.ts checks it against the published approximate
// method). The expected figures are written out here, never asked of the code under test.
import { describe, expect, it } from 'vitest';
import { decentrationMm } from '../../src/shared/lens/lens-optics';
import {
  lensThickness,
  thickerLens,
  type LensMade,
  type LensResult,
} from '../../src/shared/lens/lens-thickness';
import type { LensIndex } from '../../src/shared/lens/prescription';
import { rx } from './prescription-fixture';

/** A round opening of radius `r` mm, `n` points, from the temple round (x toward the temple). */
const circle = (r: number, n = 72) =>
  Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return [r * Math.cos(a), r * Math.sin(a)];
  }).flat();

/** An aviator's drop: 24 mm round, reaching 5 mm farther toward the lower temple (−40°). */
const aviator = (n = 48) =>
  Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    const r = 24 + 5 * Math.max(0, Math.cos(a + (40 * Math.PI) / 180)) ** 3;
    return [r * Math.cos(a), r * Math.sin(a)];
  }).flat();

const made = (lens: LensResult): LensMade => {
  expect(lens).toMatchObject({ ok: true });
  return lens as LensMade;
};

describe('a 52 mm round lens, bridge 18, PD 64', () => {
  // Decentred (52 + 18 − 64) / 2 = 3 mm toward the nose: the temporal edge is 26 + 3 = 29 mm
  // from the optical centre, the nasal one 26 − 3 = 23 mm; the blank 2 · 29 + 2 = 60 mm.
  const outline = circle(26);
  const dec = decentrationMm(52, 18, 64);

  // Minus lenses: the thickest edge is the temporal one, the index's minimum centre + s(29).
  //   −6.00, 1.50: r = 500 / 6 = 83.33; √(83.33² − 29²) = √6103.4 = 78.125; s = 5.209;
  //     + 2.0 = 7.209.
  //   −6.00, 1.59: r = 590 / 6 = 98.33; √(9669.4 − 841) = √8828.4 = 93.960; s = 4.374; + 1.5 = 5.874.
  //   −6.00, 1.74: r = 740 / 6 = 123.33; √(15211.1 − 841) = √14370.1 = 119.875; s = 3.458;
  //     + 1.5 = 4.958.
  //   −12.00, 1.50: r = 41.67; √(1736.1 − 841) = √895.1 = 29.918; s = 11.748; + 2.0 = 13.748.
  //   −12.00, 1.59: r = 49.17; √(2417.4 − 841) = √1576.4 = 39.704; s = 9.463; + 1.5 = 10.963.
  //   −12.00, 1.74: r = 61.67; √(3802.8 − 841) = √2961.8 = 54.422; s = 7.244; + 1.5 = 8.744.
  // Plus lenses: the centre is the thinnest (temporal) edge, 1.0 mm, + s(29).
  //   +3.00, 1.50: r = 166.67; √(27777.8 − 841) = √26936.8 = 164.124; s = 2.542; 3.542.
  //   +3.00, 1.59: r = 196.67; √(38677.8 − 841) = √37836.8 = 194.517; s = 2.150; 3.150.
  //   +3.00, 1.74: r = 246.67; √(60844.4 − 841) = √60003.4 = 244.956; s = 1.711; 2.711.
  //   +8.00, 1.50: r = 62.5; √(3906.25 − 841) = √3065.25 = 55.365; s = 7.135; 8.135.
  //   +8.00, 1.59: r = 73.75; √(5439.06 − 841) = √4598.06 = 67.809; s = 5.941; 6.941.
  //   +8.00, 1.74: r = 92.5; √(8556.25 − 841) = √7715.25 = 87.837; s = 4.663; 5.663.
  // With axis 90 the horizontal meridian (through the temporal edge) has S + C:
  //   −12.00/−6.00×90 is −18.00 there. 1.50: r = 500 / 18 = 27.78 < 29, refused (below);
  //     1.59: r = 32.78; √(1074.4 − 841) = √233.4 = 15.277; s = 17.501; + 1.5 = 19.001;
  //     1.74: r = 41.11; √(1690.1 − 841) = √849.1 = 29.140; s = 11.971; + 1.5 = 13.471.
  //   +8.00/+6.00×90 is +14.00 there. 1.50: r = 35.71; √(1275.5 − 841) = √434.5 = 20.845;
  //     s = 14.869; 15.869. 1.59: r = 42.14; √(1776.0 − 841) = √935.0 = 30.578; s = 11.565;
  //     12.565. 1.74: r = 52.86; √(2793.9 − 841) = √1952.9 = 44.191; s = 8.666; 9.666.
  it.each([
    ['−6.00', 1.5, rx(-6, 1.5, 0, 180), 'edge', 7.209],
    ['−6.00', 1.59, rx(-6, 1.59, 0, 180), 'edge', 5.874],
    ['−6.00', 1.74, rx(-6, 1.74, 0, 180), 'edge', 4.958],
    ['−12.00', 1.5, rx(-12, 1.5, 0, 180), 'edge', 13.748],
    ['−12.00', 1.59, rx(-12, 1.59, 0, 180), 'edge', 10.963],
    ['−12.00', 1.74, rx(-12, 1.74, 0, 180), 'edge', 8.744],
    ['+3.00', 1.5, rx(3, 1.5, 0, 180), 'centre', 3.542],
    ['+3.00', 1.59, rx(3, 1.59, 0, 180), 'centre', 3.15],
    ['+3.00', 1.74, rx(3, 1.74, 0, 180), 'centre', 2.711],
    ['+8.00', 1.5, rx(8, 1.5, 0, 180), 'centre', 8.135],
    ['+8.00', 1.59, rx(8, 1.59, 0, 180), 'centre', 6.941],
    ['+8.00', 1.74, rx(8, 1.74, 0, 180), 'centre', 5.663],
    ['−12.00/−6.00×90', 1.59, rx(-12, 1.59, -6, 90), 'edge', 19.001],
    ['−12.00/−6.00×90', 1.74, rx(-12, 1.74, -6, 90), 'edge', 13.471],
    ['+8.00/+6.00×90', 1.5, rx(8, 1.5, 6, 90), 'centre', 15.869],
    ['+8.00/+6.00×90', 1.59, rx(8, 1.59, 6, 90), 'centre', 12.565],
    ['+8.00/+6.00×90', 1.74, rx(8, 1.74, 6, 90), 'centre', 9.666],
  ] as const)('%s in %s: the %s', (_, __, prescription, figure, expected) => {
    const lens = made(thickerLens(outline, dec, prescription));
    expect(figure === 'edge' ? lens.thickestEdgeMm : lens.centreMm).toBeCloseTo(expected, 2);
    expect(lens.blankMm).toBeCloseTo(60, 9);
    // A minus lens is thickest at the temple (x > 0), a plus one thinnest there, 1.0 mm.
    const i = lens.edgesMm.indexOf(figure === 'edge' ? lens.thickestEdgeMm : lens.thinnestEdgeMm);
    expect(outline[2 * i]!).toBeCloseTo(26, 6);
    if (figure === 'centre') expect(lens.thinnestEdgeMm).toBeCloseTo(1.0, 9);
  });

  it('−6.00 in 1.56, 1.60 and 1.67: each index’s own minimum centre', () => {
    // 1.56: r = 93.33, √(8711.1 − 841) = √7870.1 = 88.714, s = 4.620, + 1.5 = 6.120;
    // 1.60: r = 100, √(10000 − 841) = √9159 = 95.703, s = 4.297, + 1.2 = 5.497;
    // 1.67: r = 111.67, √(12469.4 − 841) = √11628.4 = 107.835, s = 3.831, + 1.2 = 5.031;
    // 1.74: 4.958 (above).
    const edge = (n: LensIndex) => made(thickerLens(outline, dec, rx(-6, n))).thickestEdgeMm;
    expect(edge(1.56)).toBeCloseTo(6.12, 2);
    expect(edge(1.6)).toBeCloseTo(5.497, 2);
    expect(edge(1.67)).toBeCloseTo(5.031, 2);
  });
});

describe('the thinnest a lens is made', () => {
  // −1.00 D, a centred 40 mm round lens: the centre is each index's minimum (typical makers'
  // minima: 1.50 CR-39 2.0 mm, 1.56 1.5, 1.59 polycarbonate 1.5, 1.60 1.2, 1.67 1.2, 1.74 1.5).
  it.each([
    [1.5, 2.0],
    [1.56, 1.5],
    [1.59, 1.5],
    [1.6, 1.2],
    [1.67, 1.2],
    [1.74, 1.5],
  ] as const)('a minus lens in %s: %s mm at the centre', (index, centre) => {
    expect(made(thickerLens(circle(20), 0, rx(-1, index))).centreMm).toBe(centre);
  });

  it('a plus lens: 1.0 mm at its thinnest edge, or the minimum centre when that is thicker', () => {
    // +0.50 in 1.50, 40 mm round: r = 1000; s(20) = 1000 − √(1000000 − 400) = 0.200; 1.0 + 0.2
    // = 1.2 < 2.0, so the centre is 2.0 and the edge 2.0 − 0.2 = 1.8.
    const weak = made(thickerLens(circle(20), 0, rx(0.5)));
    expect(weak.centreMm).toBe(2.0);
    expect(weak.thinnestEdgeMm).toBeCloseTo(1.8, 3);
  });
});

describe('lenses that cannot be made', () => {
  // The figures (before: the sag clamped at r): a 43 mm edge, a 30 mm one, a 39 mm centre.
  it('−12.00 in a 60 mm round frame (bridge 20), 1.50, PD 56: the curve does not reach', () => {
    // Decentred (60 + 20 − 56) / 2 = 12: the temporal edge is 30 + 12 = 42 mm out, past
    // r = 41.67 (before: 41.67 + 1.5 = 43.2 mm). The blank would be 2 · 42 + 2 = 86 mm too.
    const dec = decentrationMm(60, 20, 56);
    expect(thickerLens(circle(30), dec, rx(-12))).toMatchObject({
      ok: false,
      reason: 'curve',
      blankMm: 86,
    });
    // In 1.74 the surface reaches (r = 61.67 > 42) but no 86 mm blank is made (over 80).
    expect(thickerLens(circle(30), dec, rx(-12, 1.74))).toMatchObject({
      ok: false,
      reason: 'blank',
      blankMm: 86,
    });
    // At PD 62 it is decentred 9: 39 mm out, an 80 mm blank, made.
    expect(made(thickerLens(circle(30), decentrationMm(60, 20, 62), rx(-12))).blankMm).toBeCloseTo(
      80,
      9,
    );
  });

  it('−12.00/−6.00×90 in a 52□18 frame, 1.50, PD 62: −18.00 horizontally does not reach', () => {
    // A 52 × 40 mm lens decentred 4: the temporal edge is 30 mm out, past r = 500 / 18 = 27.78.
    const rect = [
      26, 0, 26, 12, 18, 20, -18, 20, -26, 12, -26, 0, -26, -12, -18, -20, 18, -20, 26, -12,
    ];
    const dec = decentrationMm(52, 18, 62);
    expect(thickerLens(rect, dec, rx(-12, 1.5, -6, 90))).toMatchObject({
      ok: false,
      reason: 'curve',
    });
    // In 1.74 (r = 41.11 horizontally) it is made.
    made(thickerLens(rect, dec, rx(-12, 1.74, -6, 90)));
  });

  it('+8.00/+6.00×90 in a 60 mm round frame (bridge 20), 1.50, PD 62: +14.00 does not reach', () => {
    // Decentred 9: 39 mm out, past r = 500 / 14 = 35.71 (before: a 39 mm centre).
    const dec = decentrationMm(60, 20, 62);
    expect(thickerLens(circle(30), dec, rx(8, 1.5, 6, 90))).toMatchObject({
      ok: false,
      reason: 'curve',
    });
  });

  it('a blank too wide refuses any power but none: a plano lens is not decentred', () => {
    const dec = decentrationMm(60, 20, 56);
    expect(thickerLens(circle(30), dec, rx(-1, 1.6))).toMatchObject({ ok: false, reason: 'blank' });
    // Without power there is no optical centre to place: 2 · 30 + 2 = 62 mm.
    expect(made(thickerLens(circle(30), dec, rx(0, 1.6))).blankMm).toBeCloseTo(62, 9);
  });
});

describe('both lenses', () => {
  // One outline point 20 mm toward the temple and 20 mm down, a centred lens, −2.00/−2.00×45.
  // Seen from the front (TABO), the right lens's temple is on the observer's left: the point is
  // at (−20, −20), meridian 225°, power −2 − 2 sin²(225° − 45°) = −2.00. The left lens is its
  // mirror image: (20, −20), meridian −45°, power −2 − 2 sin²(−90°) = −4.00. At h = √800 = 28.284:
  //   1.50: r = 250, s = 250 − √61700 = 1.605, edge 2.0 + 1.605 = 3.605; r = 125,
  //     s = 125 − √14825 = 3.242, edge 5.242.
  //   1.59: r = 295, s = 295 − √86225 = 1.359, edge 1.5 + 1.359 = 2.859; r = 147.5,
  //     s = 147.5 − √20956.25 = 2.737, edge 4.237.
  //   1.74: r = 370, s = 370 − √136100 = 1.083, edge 2.583; r = 185, s = 185 − √33425 = 2.175,
  //     edge 3.675.
  it.each([
    [1.5, 3.605, 5.242],
    [1.59, 2.859, 4.237],
    [1.74, 2.583, 3.675],
  ] as const)('−2.00/−2.00×45 in %s: right %s mm, left %s mm, the left shown', (n, r, l) => {
    const prescription = rx(-2, n, -2, 45);
    expect(made(lensThickness([20, -20], 0, prescription, 'right')).thickestEdgeMm).toBeCloseTo(
      r,
      2,
    );
    expect(made(lensThickness([20, -20], 0, prescription, 'left')).thickestEdgeMm).toBeCloseTo(
      l,
      2,
    );
    expect(made(thickerLens([20, -20], 0, prescription))).toMatchObject({ eye: 'left' });
  });

  it('differ on an asymmetric outline with an oblique axis, and not otherwise', () => {
    const dec = decentrationMm(54, 16, 62);
    const edge = (outline: number[], axis: number, eye: 'right' | 'left') =>
      made(lensThickness(outline, dec, rx(-2, 1.5, -2, axis), eye)).thickestEdgeMm;
    // The drop toward the lower temple lies across the left lens's axis at 45 (−4.00 there).
    expect(edge(aviator(), 45, 'left') - edge(aviator(), 45, 'right')).toBeGreaterThan(0.5);
    // The left lens at 45 is the right one at 180 − 45 = 135.
    expect(edge(aviator(), 45, 'left')).toBeCloseTo(edge(aviator(), 135, 'right'), 9);
    for (const axis of [90, 180]) {
      expect(edge(aviator(), axis, 'left')).toBeCloseTo(edge(aviator(), axis, 'right'), 9);
    }
    // A round outline is symmetric top to bottom: alike at any axis.
    expect(edge(circle(26), 45, 'left')).toBeCloseTo(edge(circle(26), 45, 'right'), 9);
  });
});
