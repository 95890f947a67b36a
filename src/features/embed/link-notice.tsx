import type { LinkState } from '../../catalogue/use-linked-glasses';
import { t } from '../../i18n';

/**
 * Above the grid, what became of the frame a shop's link named: chosen and waiting for a source,
 * or not in this catalogue (the grid stays as it is). Gone once the frame is on.
 */
export function LinkNotice({ link }: { link: LinkState | null }) {
  if (!link || (link.found && !link.waiting)) return null;
  return (
    <p className="link-notice" role="status" data-found={link.found}>
      {link.found
        ? t('linkedWaiting', { text: link.text ?? link.asked })
        : t('linkedMissing', { asked: link.asked })}
    </p>
  );
}
