import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AccountMenu } from './account-menu';
import { MainNav } from './main-nav';
import { usePageArriving } from './page-arriving';
import { PageShell } from './page-shell';

/** The organiser console: navigation and the account menu. */
export function AuthenticatedLayout({ children, banner }: { children?: ReactNode; banner?: ReactNode }) {
  const busy = usePageArriving();
  return (
    <PageShell
      variant="authenticated"
      busy={busy}
      brandTo="/home"
      nav={<MainNav />}
      actions={<AccountMenu />}
      banner={banner}
    >
      <div className="container">{children ?? <Outlet />}</div>
    </PageShell>
  );
}

export function Component() {
  return <AuthenticatedLayout />;
}
