import { useCallback, useEffect } from 'react';
import type { TryOnEngine } from '../engine/try-on-engine';
import { useHold } from './use-hold';

/**
 * Before/after: pressing and holding the preview shows the picture without the glasses, letting
 * go shows them again (use-hold.ts says when a press is a hold).
 */
export function useCompareHold(engine: TryOnEngine | null, enabled: boolean) {
  const hide = useCallback(
    (holding: boolean) => void engine?.commands.showGlasses(!holding).catch(() => {}),
    [engine],
  );
  // Glasses never stay hidden: a source that stops mid-hold shows them (a new engine starts so).
  useEffect(() => {
    if (!enabled) void engine?.commands.showGlasses(true).catch(() => {});
  }, [enabled, engine]);
  return useHold(enabled, hide);
}
