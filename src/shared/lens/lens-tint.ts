/**
 * Tints and coatings (issue 39): what the 镜片 form offers, and how each looks. Colours are the
 * filter a tinted lens applies at full strength (linear RGB), chosen to read as the usual shop
 * tints; the density is the share of that filter applied (a shop's "75 %").
 */
export const TINT_COLOURS = {
  none: null,
  grey: [0.32, 0.33, 0.34],
  brown: [0.55, 0.36, 0.2],
  green: [0.33, 0.47, 0.33],
  blue: [0.3, 0.42, 0.68],
  pink: [0.86, 0.5, 0.6],
} as const;
export type TintColour = keyof typeof TINT_COLOURS;
export const TINT_DENSITIES = [0.1, 0.25, 0.5, 0.75, 0.85] as const;
/** A photochromic lens indoors (almost clear) and outdoors (a dark grey), as a density. */
export const PHOTOCHROMIC_DENSITY = { indoor: 0.05, outdoor: 0.8 } as const;

export interface TintChoice {
  colour: TintColour;
  density: number;
  /** Darker above, fading below. */
  gradient: boolean;
  photochromic: boolean;
  /** Where a photochromic lens is shown: 户外 (dark) or 室内 (clear). */
  outdoor: boolean;
  antiReflection: boolean;
}

export const NO_TINT: TintChoice = {
  colour: 'none',
  density: 0.5,
  gradient: false,
  photochromic: false,
  outdoor: false,
  antiReflection: false,
};

/** A stored or entered choice, or null when it is not one the form offers. */
export function parseTint(data: unknown): TintChoice | null {
  if (typeof data !== 'object' || data === null) return null;
  const r = data as Record<string, unknown>;
  const flag = (v: unknown) => typeof v === 'boolean';
  if (typeof r.colour !== 'string' || !Object.hasOwn(TINT_COLOURS, r.colour)) return null;
  if (!(TINT_DENSITIES as readonly unknown[]).includes(r.density)) return null;
  if (![r.gradient, r.photochromic, r.outdoor, r.antiReflection].every(flag)) return null;
  return {
    colour: r.colour as TintColour,
    density: r.density as number,
    gradient: r.gradient as boolean,
    photochromic: r.photochromic as boolean,
    outdoor: r.outdoor as boolean,
    antiReflection: r.antiReflection as boolean,
  };
}
