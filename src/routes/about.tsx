import { t } from '../i18n';
import { SITE_CONFIG } from '../site-config';

/** The invitation to send suggestions and the two short-video account handles. */
export function About() {
  const [first, second] = SITE_CONFIG.accounts;
  return (
    <main className="about">
      <h1>{t('aboutInvite')}</h1>
      <h2>{t('aboutAccount', { platform: first.platform, handle: first.handle })}</h2>
      <h2>{t('aboutAccount', { platform: second.platform, handle: second.handle })}</h2>
    </main>
  );
}
