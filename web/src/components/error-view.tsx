import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageShell } from '../components/layout/page-shell';
import { useDocumentTitle } from '../lib/document-title';
import { useLocalePath } from '../lib/locale-path';

/**
 * The error page's content (spec section 2): 'Page Not Found' for a 404 (a page's failed validity check,
 * with the fatal message 'Page Not Found: {path}'), otherwise 'Internal Server Error'.
 */
export function ErrorView({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const lp = useLocalePath();
  const title = notFound ? t('pages.error.notFoundTitle') : t('pages.error.serverErrorTitle');
  useDocumentTitle(title);
  return (
    <PageShell variant="error" footer={false}>
      <div className="container container--narrow error-page">
        <p className="error-page__code" aria-hidden="true">
          {notFound ? '404' : '500'}
        </p>
        <h1>{title}</h1>
        <p className="error-page__message">
          {notFound
            ? t('pages.error.notFoundFatal', { path: pathname })
            : t('pages.error.serverErrorMessage')}
        </p>
        <p>
          <Link className="btn btn--primary" to={lp('/')}>
            {t('pages.error.backHome')}
          </Link>
        </p>
      </div>
    </PageShell>
  );
}
