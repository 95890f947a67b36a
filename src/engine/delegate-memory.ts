import type { Delegate } from '../shared/try-on-types';

/**
 * The delegate trial costs a visible pause the first time (the GPU graph compiles: ~8 s on
 * SwiftShader), so its verdict is remembered per browser and the trial runs once.
 */
const KEY = 'tryOnDelegate';

export function rememberedDelegate(): Delegate | undefined {
  const forced = new URLSearchParams(location.search).get('delegate');
  if (forced === 'CPU' || forced === 'GPU') return forced;
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
      ua: string;
      delegate: Delegate;
    } | null;
    return saved?.ua === navigator.userAgent ? saved.delegate : undefined;
  } catch {
    return undefined;
  }
}

export function rememberDelegate(delegate: Delegate): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ua: navigator.userAgent, delegate }));
  } catch {
    // Storage unavailable: the trial simply runs again next time.
  }
}
