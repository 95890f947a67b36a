import { useEffect, useRef } from 'react';
import type { CatalogueEntry } from '../../catalogue/manifest';
import { t } from '../../i18n';
import { ADVICE_TOAST_MS } from '../../shared/ui-constants';
import { useToast } from '../../state/toast';
import { touchesCheek } from './cheek-contact';

/**
 * Says once, each time a frame is put on, that it rests on the cheeks (贴脸), with what shops offer
 * for it: a toast shows over the picture, wherever the grid is scrolled. `cheekMm`: the worn
 * frame's lower rim against the reference head's cheeks (null or undefined: not known).
 */
export function useCheekAdvice(
  worn: CatalogueEntry | undefined,
  cheekMm: number | null | undefined,
): void {
  const toast = useToast();
  const told = useRef<string | null>(null);
  const touching = worn && typeof cheekMm === 'number' && touchesCheek(cheekMm) ? worn : null;
  useEffect(() => {
    if (touching && told.current !== touching.value) {
      toast(t('cheekTouchNote', { text: touching.text }), ADVICE_TOAST_MS);
    }
    told.current = touching?.value ?? null;
  }, [touching, toast]);
}
