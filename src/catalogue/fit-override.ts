import type { FitOverride, LengthUnit, SignedAxis } from '../shared/glasses-types';

const UNITS: readonly LengthUnit[] = ['m', 'cm', 'mm'];
const AXES: readonly SignedAxis[] = ['+x', '-x', '+y', '-y', '+z', '-z'];
/** Bounds that no real correction needs; anything beyond is a typo, refused whole. */
const MAX_BRIDGE_OFFSET_MM = 30;
const MAX_PANTOSCOPIC_DEG = 30;
const KEYS = ['unit', 'up', 'front', 'bridgeOffsetMm', 'pantoscopicDeg'];

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A manifest entry's optional `fit` object (README "Operator overrides"): returns the override, or
 * why it was refused. Unknown keys are refused too, so a misspelt field is never silently ignored.
 */
export function checkFitOverride(raw: unknown): FitOverride | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not an object';
  const r = raw as Record<string, unknown>;
  const unknown = Object.keys(r).filter((k) => !KEYS.includes(k));
  if (unknown.length > 0) return `unknown field ${unknown[0]!.slice(0, 20)}`;
  const fit: FitOverride = {};
  if (r.unit !== undefined) {
    if (!UNITS.includes(r.unit as LengthUnit)) return 'unit';
    fit.unit = r.unit as LengthUnit;
  }
  for (const key of ['up', 'front'] as const) {
    if (r[key] === undefined) continue;
    if (!AXES.includes(r[key] as SignedAxis)) return key;
    fit[key] = r[key] as SignedAxis;
  }
  if (fit.up && fit.front && fit.up[1] === fit.front[1]) return 'up and front on one axis';
  if (r.bridgeOffsetMm !== undefined) {
    const v = r.bridgeOffsetMm;
    if (!Array.isArray(v) || v.length !== 3 || !v.every(finite)) return 'bridgeOffsetMm';
    const [x, y, z] = v as [number, number, number];
    if ([x, y, z].some((n) => Math.abs(n) > MAX_BRIDGE_OFFSET_MM)) {
      return 'bridgeOffsetMm out of range';
    }
    fit.bridgeOffsetMm = [x, y, z];
  }
  if (r.pantoscopicDeg !== undefined) {
    const v = r.pantoscopicDeg;
    if (!finite(v) || Math.abs(v) > MAX_PANTOSCOPIC_DEG) return 'pantoscopicDeg';
    fit.pantoscopicDeg = v;
  }
  return fit;
}
