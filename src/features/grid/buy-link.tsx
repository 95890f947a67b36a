import type { CatalogueEntry } from '../../catalogue/manifest';
import { isEmbedded, tellParent } from '../../engine/embed-channel';
import { t } from '../../i18n';
import { frameName } from '../../catalogue/frame-name';

/**
 * 去购买 for a frame with a product page (manifest `productUrl`, on a listed shop origin): a link
 * in a new tab, or inside a shop's page a `buy` message, so the shop opens it in its own page.
 */
export function BuyLink({ entry, className }: { entry: CatalogueEntry; className: string }) {
  const { productUrl } = entry;
  if (!productUrl) return null;
  const label = t('buyLabel', { name: frameName(entry) });
  if (isEmbedded()) {
    return (
      <button
        type="button"
        className={className}
        aria-label={label}
        onClick={() => tellParent({ type: 'buy', serialNo: entry.serialNo, productUrl })}
      >
        {t('buy')}
      </button>
    );
  }
  return (
    <a
      className={className}
      href={productUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
    >
      {t('buy')}
    </a>
  );
}
