import { Outlet } from 'react-router';
import { PageShell } from './page-shell';

/** Sign-in and account pages: one centred card. */
export function GuestLayout() {
  return (
    <PageShell variant="guest">
      <div className="guest-card">
        <Outlet />
      </div>
    </PageShell>
  );
}
