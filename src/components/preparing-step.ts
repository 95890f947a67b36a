import type { Preparing } from '../engine/use-try-on';
import { t } from '../i18n';

/** 第 n / 3 步: the step under way, counted from 1, wherever the preview says it waits. */
export function preparingStepText(preparing: Preparing): string {
  return t('preparingStep', { step: preparing.step + 1, steps: preparing.steps });
}
