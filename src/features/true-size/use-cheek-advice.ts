import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import type { CatalogueEntry } from '../../catalogue/manifest';
import { t } from '../../i18n';
import { ADVICE_TOAST_MS } from '../../shared/ui-constants';
import { fittedFramesAtom, toastAtom } from '../../state/atoms';
import { useToast } from '../../state/toast';
import { touchesCheek } from './cheek-contact';
import { frameName } from '../../catalogue/frame-name';

/**
 * Says once, each time a frame is put on, that it may rest on the cheeks (贴脸), with what shops
 * offer for it: a toast shows over the picture, wherever the grid is scrolled. `worn`: the
 * selected frame (its fit may come later; an engine's restart re-wears it without a word).
 */
export function useCheekAdvice(worn: CatalogueEntry | undefined): void {
  const toast = useToast();
  const fitted = useAtomValue(fittedFramesAtom);
  // One toast shows at a time: another's message (a material file's) is let finish first.
  const showing = useAtomValue(toastAtom) !== null;
  const told = useRef<string | null>(null);
  const cheekMm = worn ? fitted[worn.value]?.cheekMm : undefined;
  const touching = worn && typeof cheekMm === 'number' && touchesCheek(cheekMm) ? worn : null;
  useEffect(() => {
    if (!touching) {
      told.current = null;
      return;
    }
    if (told.current === touching.value || showing) return;
    told.current = touching.value;
    toast(t('cheekTouchNote', { text: frameName(touching) }), ADVICE_TOAST_MS);
  }, [touching, showing, toast]);
}
