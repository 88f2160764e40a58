import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { PageShell } from './page-shell';
import { useMe } from '../../lib/session/me';
import { useLocalePath } from '../../lib/locale-path';

function VisitorActions() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { data: session } = useMe();
  if (session) {
    return (
      <Link className="btn btn--primary btn--sm" to={lp('/home')}>
        {t('layout.openConsole')}
      </Link>
    );
  }
  return (
    <>
      <Link className="btn btn--ghost btn--sm" to={lp('/auth/login')}>
        {t('layout.signIn')}
      </Link>
      <Link className="btn btn--primary btn--sm" to={lp('/auth/register')}>
        {t('layout.signUp')}
      </Link>
    </>
  );
}

/** Public pages: the landing page and the information pages. */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  return (
    <PageShell variant="default" actions={<VisitorActions />}>
      <div className="container">{children ?? <Outlet />}</div>
    </PageShell>
  );
}
