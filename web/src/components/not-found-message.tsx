import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';
import { useLocalePath } from '../lib/locale-path';

/** The non-fatal 404 of an unmatched route: 'Page not found: {path}', inside the current layout. */
export function NotFoundMessage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const lp = useLocalePath();
  useDocumentTitle(t('pages.notFound.title'));
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('pages.notFound.title')}</h1>
      <p className="not-found__message">{t('pages.notFound.message', { path: pathname })}</p>
      <p>
        <Link to={lp('/')}>{t('pages.notFound.backHome')}</Link>
      </p>
    </section>
  );
}
