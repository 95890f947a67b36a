import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import type { TryOnEngine } from '../engine/try-on-engine';
import { lensEffectHeldOffAtom, prescriptionAtom, tintAtom } from '../state/atoms';
import { NO_TINT } from '../shared/lens-tint';
import { lensLook } from './lens-look';

/**
 * The engine draws the worn lenses as the prescription and tint would look (lens-look.ts), on
 * every engine (a restarted one too); with neither, or while 按住看无镜片效果 is held, as the
 * file's own.
 */
export function useLensLook(engine: TryOnEngine | null): void {
  const rx = useAtomValue(prescriptionAtom);
  const tint = useAtomValue(tintAtom);
  const off = useAtomValue(lensEffectHeldOffAtom);
  const look = useMemo(() => (off ? lensLook(null, NO_TINT) : lensLook(rx, tint)), [rx, tint, off]);
  useEffect(() => {
    void engine?.setLensLook(look).catch(() => {});
  }, [engine, look]);
}
