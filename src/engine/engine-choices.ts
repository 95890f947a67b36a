import type { Delegate, LensQuality, TrackMode } from '../shared/try-on-types';
import type { EnginePath } from './engine-path';

/**
 * The engine's two measurements are costly the first time: the delegate trial (the GPU graph
 * compiles: ~8 s on SwiftShader) and the lens probe (transmission renders, 1–4 s under load); on
 * software GL neither runs (their answers are known there).
 * Their verdicts are remembered per browser so later visits start at once.
 */
const KEY = 'tryOnEngineChoices';

export interface EngineChoices {
  delegate?: Delegate;
  quality?: LensQuality;
  /** Where the engine can run in this browser (engine-path.ts). */
  path?: EnginePath;
}

const DELEGATES: readonly unknown[] = ['CPU', 'GPU'] satisfies Delegate[];
const QUALITIES: readonly unknown[] = ['transmission', 'fast'] satisfies LensQuality[];
const PATHS: readonly unknown[] = ['worker', 'page'] satisfies EnginePath[];

/** What another version, another tab or a damaged profile left: only known values are kept. */
export function parseChoices(text: string | null, userAgent: string): EngineChoices {
  let saved: unknown;
  try {
    saved = JSON.parse(text ?? 'null');
  } catch {
    return {};
  }
  if (typeof saved !== 'object' || saved === null) return {};
  const s = saved as Record<string, unknown>;
  if (s.ua !== userAgent) return {};
  const choices: EngineChoices = {};
  if (DELEGATES.includes(s.delegate)) choices.delegate = s.delegate as Delegate;
  if (QUALITIES.includes(s.quality)) choices.quality = s.quality as LensQuality;
  if (PATHS.includes(s.path)) choices.path = s.path as EnginePath;
  return choices;
}

function read(): EngineChoices {
  try {
    return parseChoices(localStorage.getItem(KEY), navigator.userAgent);
  } catch {
    return {}; // storage unavailable
  }
}

/** `?delegate=CPU|GPU` overrides (tests, bench); otherwise what this browser measured before. */
export function rememberedChoices(): EngineChoices {
  const choices = read();
  const forced = new URLSearchParams(location.search).get('delegate');
  if (forced === 'CPU' || forced === 'GPU') choices.delegate = forced;
  return choices;
}

/** `?track=every` or `?track=audit`: the bench's references for the adaptive default. */
export function trackModeOverride(): TrackMode | undefined {
  const forced = new URLSearchParams(location.search).get('track');
  return forced === 'every' || forced === 'audit' ? forced : undefined;
}

export function rememberChoices(update: EngineChoices): void {
  try {
    const next = { ...read(), ...update, ua: navigator.userAgent };
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: the measurements simply run again next time.
  }
}
