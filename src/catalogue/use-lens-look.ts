import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import type { TryOnEngine } from '../engine/try-on-engine';
import { prescriptionAtom, tintAtom } from '../state/atoms';
import { lensLook } from './lens-look';

/**
 * The engine draws the worn lenses as the prescription and tint would look (lens-look.ts), on
 * every engine (a restarted one too); with neither, as the file's own.
 */
export function useLensLook(engine: TryOnEngine | null): void {
  const rx = useAtomValue(prescriptionAtom);
  const tint = useAtomValue(tintAtom);
  const look = useMemo(() => lensLook(rx, tint), [rx, tint]);
  useEffect(() => {
    void engine?.setLensLook(look).catch(() => {});
  }, [engine, look]);
}
