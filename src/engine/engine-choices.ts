import type { Delegate, LensQuality, TrackMode } from '../shared/try-on-types';
import type { EnginePath } from './engine-path';

/**
 * The engine's two measurements are costly the first time: the delegate trial (the GPU graph
 * compiles: ~8 s on SwiftShader) and the lens probe (transmission renders, 1–4 s under load).
 * Their verdicts are remembered per browser so later visits start at once.
 */
const KEY = 'tryOnEngineChoices';

export interface EngineChoices {
  delegate?: Delegate;
  quality?: LensQuality;
  /** Where the engine can run in this browser (engine-path.ts). */
  path?: EnginePath;
}

function read(): EngineChoices {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as
      (EngineChoices & { ua: string }) | null;
    return saved?.ua === navigator.userAgent
      ? { delegate: saved.delegate, quality: saved.quality, path: saved.path }
      : {};
  } catch {
    return {};
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
