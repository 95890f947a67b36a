import { Link } from 'wouter';
import { t } from '../i18n';

/**
 * An address the app has no screen for (a mistyped or outdated link): says so and leads to the
 * try-on, rather than showing the try-on under an address that is not its own.
 */
export function NotFound() {
  return (
    <main className="about not-found">
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundBody')}</p>
      <Link href="/home">{t('notFoundToHome')}</Link>
    </main>
  );
}
