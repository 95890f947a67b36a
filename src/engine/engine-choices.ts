import type { Delegate, LensQuality } from '../shared/try-on-types';
import { debugInit } from './debug-switches';
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

/**
 * What this device is, as far as a remembered verdict depends on it: the browser and its
 * version, and the cores the model runs on. Another of either measures afresh.
 */
export const deviceIdentity = (): string =>
  `${navigator.userAgent} | ${navigator.hardwareConcurrency ?? '?'} cores`;

/** What another version, another tab or a damaged profile left: only known values are kept. */
export function parseChoices(text: string | null, identity: string): EngineChoices {
  let saved: unknown;
  try {
    saved = JSON.parse(text ?? 'null');
  } catch {
    return {};
  }
  if (typeof saved !== 'object' || saved === null) return {};
  const s = saved as Record<string, unknown>;
  if (s.ua !== identity) return {};
  const choices: EngineChoices = {};
  if (DELEGATES.includes(s.delegate)) choices.delegate = s.delegate as Delegate;
  if (QUALITIES.includes(s.quality)) choices.quality = s.quality as LensQuality;
  if (PATHS.includes(s.path)) choices.path = s.path as EnginePath;
  return choices;
}

/** What this browser on this device measured before. */
export function rememberedChoices(): EngineChoices {
  try {
    return parseChoices(localStorage.getItem(KEY), deviceIdentity());
  } catch {
    return {}; // storage unavailable
  }
}

/** Keeps measured verdicts; a delegate a `?delegate=` visit was told to use is no verdict. */
export function rememberChoices(update: EngineChoices): void {
  const { delegate, ...rest } = update;
  const forced = __TEST_HOOKS__ && debugInit().forceDelegate !== undefined;
  const measured = delegate && !forced ? { ...rest, delegate } : rest;
  try {
    const next = { ...rememberedChoices(), ...measured, ua: deviceIdentity() };
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: the measurements simply run again next time.
  }
}
