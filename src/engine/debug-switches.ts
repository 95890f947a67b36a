import type { DebugInit } from '../shared/debug-init';
import type { EnginePath } from './engine-path';

/**
 * Every URL switch the tests and the bench use, read in one place; a production build
 * (__TEST_HOOKS__ false) has none of them: each answers as if absent.
 * - `?stats`: the stats overlay and the test hooks (`window.__tryOn`, debug-handle.ts);
 * - `?engine=worker|page`: the engine's path, not the measured one (engine-path.ts);
 * - `?delegate=CPU|GPU`, `?track=every|audit`, `?occluder=off`, `?shadow=off`, `?light=off`,
 *   `?reflect=off`: the engine's DebugInit;
 * - `?draw=half`: the pump takes every other video frame, so drawing leaves the CPU to tracking
 *   (the bench's measure of what drawing costs tracking);
 * - `?budget=N`: stored glasses models stay within N bytes (src/catalogue/model-budget.ts), so
 *   that a test reaches the budget with a few small frames.
 */
const param = (name: string): string | null => new URLSearchParams(location.search).get(name);

export const statsSwitch = (): boolean => __TEST_HOOKS__ && param('stats') !== null;

export function forcedEnginePath(): EnginePath | undefined {
  const forced = __TEST_HOOKS__ ? param('engine') : null;
  return forced === 'worker' || forced === 'page' ? forced : undefined;
}

/** The DebugInit of this page's URL; empty in a production build. */
export const debugInit = (): DebugInit => (__TEST_HOOKS__ ? parseDebugInit(location.search) : {});

/** The DebugInit a tests' or bench's build reads from `search`. */
export function parseDebugInit(search: string): DebugInit {
  const params = new URLSearchParams(search);
  const delegate = params.get('delegate');
  const track = params.get('track');
  return {
    ...(delegate === 'CPU' || delegate === 'GPU' ? { forceDelegate: delegate } : {}),
    ...(track === 'every' || track === 'audit' ? { trackMode: track } : {}),
    ...(params.get('occluder') === 'off' ? { headOccluder: false as const } : {}),
    ...(params.get('shadow') === 'off' ? { contactShadow: false as const } : {}),
    ...(params.get('light') === 'off' ? { roomLight: false as const } : {}),
    ...(params.get('reflect') === 'off' ? { roomReflect: false as const } : {}),
  };
}

/** How many video frames the pump takes one of (`?draw=half`: 2). */
export const drawEvery = (): number => (__TEST_HOOKS__ && param('draw') === 'half' ? 2 : 1);

/** `?budget=N`: the stored models' budget in bytes, instead of the product's. */
export function budgetSwitch(): number | undefined {
  const bytes = __TEST_HOOKS__ ? Number(param('budget') ?? NaN) : NaN;
  return bytes >= 0 ? bytes : undefined;
}
