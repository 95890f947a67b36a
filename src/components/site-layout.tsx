import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { t } from '../i18n';
import { SITE_CONFIG } from '../site-config';
import { isEmbedded } from '../engine/embed-channel';

/**
 * Top navigation, the routed view and the footer notice (the Loading screen has none of it).
 * Embedded in a shop's page (`?embed`), the try-on alone: the shop's page is the site around it.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  if (isEmbedded()) {
    return (
      <div className="site embed">
        <div id="content" className="site-content">
          {children}
        </div>
      </div>
    );
  }
  return (
    <div className="site">
      <a className="skip-link" href="#content">
        {t('skipToContent')}
      </a>
      <header className="site-header">
        <span className="brand" aria-hidden="true">
          {t('appTitle')}
        </span>
        <nav aria-label={t('mainNav')}>
          <Link href="/home" className={(active) => (active ? 'active' : '')}>
            {t('navHome')}
          </Link>
          <Link href="/about" className={(active) => (active ? 'active' : '')}>
            {t('navAbout')}
          </Link>
        </nav>
      </header>
      <div id="content" className="site-content">
        {children}
      </div>
      <footer className="site-footer">
        <p>{t('footerNotice')}</p>
        {/* For shops, not shoppers: in the footer, never in the main navigation. */}
        <p>
          <Link href="/check">{t('footerShopTools')}</Link>
        </p>
        <p>
          <a href={SITE_CONFIG.filingRegistryUrl} target="_blank" rel="noopener noreferrer">
            {SITE_CONFIG.filingNumber}
          </a>
        </p>
      </footer>
    </div>
  );
}
