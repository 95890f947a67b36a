import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { COMPARE_HOLD_MS } from '../shared/ui-constants';

/**
 * Press and hold: `holding` turns true once a press has lasted COMPARE_HOLD_MS (taps and the start
 * of a scroll, which cancels the pointer, do nothing) and false on release; Space or Enter on the
 * focused element hold at once. `onChange` hears each change.
 */
export function useHold(enabled: boolean, onChange: (holding: boolean) => void = () => {}) {
  const [holding, setHolding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const set = useCallback(
    (on: boolean) => {
      setHolding(on);
      onChange(on);
    },
    [onChange],
  );
  const press = useCallback(() => {
    if (!enabled) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => set(true), COMPARE_HOLD_MS);
  }, [enabled, set]);
  const release = useCallback(() => {
    clearTimeout(timer.current);
    if (holding) set(false);
  }, [holding, set]);

  // A hold ends when it is no longer possible (the pointer's release may never come then).
  if (!enabled && holding) setHolding(false);
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
        if (enabled) set(true);
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
