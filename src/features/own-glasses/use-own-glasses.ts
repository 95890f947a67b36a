import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import type { TryOnEngine } from '../../engine/try-on-engine';

/** Whether the user asked for their own glasses to be taken off the picture (摘掉我的眼镜). */
export const ownGlassesOffAtom = atom(false);

/** The engine takes the wearer's own frame off as asked, on every engine (a restarted one too). */
export function useOwnGlasses(engine: TryOnEngine | null): void {
  const on = useAtomValue(ownGlassesOffAtom);
  useEffect(() => {
    void engine?.commands.takeOffOwnGlasses(on).catch(() => {});
  }, [engine, on]);
}
