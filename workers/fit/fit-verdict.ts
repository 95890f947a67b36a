import {
  FIT_LIMITS,
  type FitReason,
  type FitVerdict,
  type FrameSize,
  type Vec3,
} from '../../src/shared/glasses-types';

/** What the verdict reads of a finished fit (canonical face space is in centimetres). */
export interface FitFacts {
  widthMm: number;
  frameSize: FrameSize;
  temples: 'back' | 'none';
  /** Lens centres and bridge on the canonical face, cm (wearer's right first). */
  lensCentres: [Vec3, Vec3];
  bridge: Vec3;
  heightMm: number;
  /** Reasons found on the way (unit, axes, dropped parts, textures). */
  found: FitReason[];
}

/** How much each level of reason costs the confidence (a refusal is always 0). */
const COST = { info: 0.05, warn: 0.25, refuse: 1 } as const;
/** A shape check failed by this many times its tolerance: the fit is wrong, not the frame odd. */
const REFUSE_FACTOR = 3;

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Outside [low, high]: a warning, or a refusal when far outside (a fit no frame could have). */
function range(
  value: number,
  [low, high]: readonly [number, number],
  codes: [FitReason['code'], FitReason['code']],
  key: string,
): FitReason[] {
  if (value >= low && value <= high) return [];
  const far = value < low / 1.5 || value > high * 1.5;
  return [
    {
      code: value < low ? codes[0] : codes[1],
      level: far ? 'refuse' : 'warn',
      values: { [key]: round1(value), low, high },
    },
  ];
}

function tolerance(
  value: number,
  limit: number,
  code: FitReason['code'],
  key: string,
): FitReason[] {
  if (value <= limit) return [];
  const level = value > REFUSE_FACTOR * limit ? 'refuse' : 'warn';
  return [{ code, level, values: { [key]: round1(value), limit } }];
}

/** The shape checks: a result no real frame could have is never reported as fine. */
export function shapeReasons(facts: FitFacts): FitReason[] {
  const [right, left] = facts.lensCentres;
  const dx = left[0] - right[0];
  const dy = left[1] - right[1];
  const tiltDeg = Math.abs((Math.atan2(dy, Math.abs(dx)) * 180) / Math.PI);
  // Mirror images: the lenses equally far from the centre line, and at one height (mm).
  const offCentreMm = Math.abs(left[0] + right[0]) * 10;
  const bridgeBetween =
    facts.bridge[0] > Math.min(right[0], left[0]) &&
    facts.bridge[0] < Math.max(right[0], left[0]) &&
    Math.abs(facts.bridge[1] - (left[1] + right[1]) / 2) * 10 < facts.heightMm / 2;
  return [
    ...range(facts.widthMm, FIT_LIMITS.frontMm, ['front-narrow', 'front-wide'], 'widthMm'),
    ...(facts.frameSize.templeMm === null
      ? []
      : range(
          facts.frameSize.templeMm,
          FIT_LIMITS.templeMm,
          ['temples-short', 'temples-long'],
          'templeMm',
        )),
    ...tolerance(tiltDeg, FIT_LIMITS.levelDeg, 'lenses-tilted', 'deg'),
    ...tolerance(offCentreMm, FIT_LIMITS.mirrorMm, 'lenses-unmirrored', 'mm'),
    ...(bridgeBetween ? [] : [{ code: 'bridge-off', level: 'refuse' } as const]),
  ];
}

/**
 * The verdict on a fit: refused when any reason refuses, warn when any warns, else ok. The
 * confidence starts at 1 and each reason takes its level's cost.
 */
export function judgeFit(facts: FitFacts): {
  verdict: FitVerdict;
  confidence: number;
  reasons: FitReason[];
} {
  const reasons = [...facts.found, ...shapeReasons(facts)];
  const levels = new Set(reasons.map((r) => r.level));
  const verdict: FitVerdict = levels.has('refuse') ? 'refused' : levels.has('warn') ? 'warn' : 'ok';
  const cost = reasons.reduce((sum, r) => sum + COST[r.level], 0);
  const confidence = verdict === 'refused' ? 0 : Math.max(0, Math.round((1 - cost) * 100) / 100);
  return { verdict, confidence, reasons };
}
