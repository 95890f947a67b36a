import { atom, useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import type { TryOnEngine } from '../../engine/try-on-engine';
import {
  fittedFramesAtom,
  lensEffectHeldOffAtom,
  prescriptionAtom,
  selectedModelAtom,
  tintAtom,
} from '../../state/atoms';
import { measuredPdAtom } from '../../state/measured-pd';
import { NO_TINT } from '../../shared/lens/lens-tint';
import { lensFigures } from './lens-figures';
import { lensLook } from './lens-look';

/**
 * The worn frame's lens centre thickness, mm (its plus lenses' centre grows with the outline, and
 * their enlargement with it); null while it is not known or the lens cannot be made there. An
 * atom of its own: the page re-renders when the figure changes, not with each new PD reading.
 */
const wornCentreAtom = atom((get) => {
  const rx = get(prescriptionAtom);
  const selected = get(selectedModelAtom);
  if (!rx || selected === null) return null;
  const figures = lensFigures(
    get(fittedFramesAtom)[selected],
    rx,
    get(measuredPdAtom)?.pdMm ?? null,
  );
  return figures?.lens.ok ? figures.lens.centreMm : null;
});

/**
 * The engine draws the worn lenses as the prescription and tint would look (lens-look.ts), on
 * every engine (a restarted one too); with neither, or while 按住看无镜片效果 is held, as the
 * file's own.
 */
export function useLensLook(engine: TryOnEngine | null): void {
  const rx = useAtomValue(prescriptionAtom);
  const tint = useAtomValue(tintAtom);
  const off = useAtomValue(lensEffectHeldOffAtom);
  const centreMm = useAtomValue(wornCentreAtom);
  const look = useMemo(
    () => (off ? lensLook(null, NO_TINT) : lensLook(rx, tint, centreMm)),
    [rx, tint, off, centreMm],
  );
  useEffect(() => {
    void engine?.commands.setLensLook(look).catch(() => {});
  }, [engine, look]);
}
