import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { TryOnEngine } from '../engine/try-on-engine';
import { COMPARE_HOLD_MS } from '../shared/ui-constants';

/**
 * Before/after: pressing and holding the preview shows the picture without the glasses, letting
 * go shows them again. A short delay keeps taps and the start of a scroll (which cancels the
 * pointer) from flashing the glasses off. Space or Enter on the focused preview does the same.
 */
export function useCompareHold(engine: TryOnEngine | null, enabled: boolean) {
  const [holding, setHolding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback(
    (shown: boolean) => {
      setHolding(!shown);
      void engine?.showGlasses(shown).catch(() => {});
    },
    [engine],
  );
  const press = useCallback(() => {
    if (!enabled) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => show(false), COMPARE_HOLD_MS);
  }, [enabled, show]);
  const release = useCallback(() => {
    clearTimeout(timer.current);
    if (holding) show(true);
  }, [holding, show]);

  // A hold ends with the source (the pointer's release may never reach the preview then).
  if (!enabled && holding) setHolding(false);
  // Glasses never stay hidden: a source that stops mid-hold shows them (a new engine starts so).
  useEffect(() => {
    if (!enabled) void engine?.showGlasses(true).catch(() => {});
  }, [enabled, engine]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const isKey = (event: KeyboardEvent) => event.key === ' ' || event.key === 'Enter';
  return {
    holding,
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        if (event.isPrimary && event.button === 0) press();
      },
      onPointerUp: release,
      onPointerCancel: release,
      onPointerLeave: release,
      onKeyDown: (event: KeyboardEvent) => {
        if (!isKey(event) || event.repeat || event.target !== event.currentTarget) return;
        event.preventDefault();
        if (enabled) show(false);
      },
      onKeyUp: (event: KeyboardEvent) => {
        if (isKey(event)) release();
      },
      onContextMenu: (event: { preventDefault(): void }) => {
        if (enabled) event.preventDefault(); // a long press is the comparison, not a menu
      },
    },
  };
}
