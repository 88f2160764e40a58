import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageShell } from './page-shell';

/**
 * Pages that anyone may open whatever their state (invitations; and, as thin variants, the visitor
 * forms, submitted pages and requests pages that later issues fill in).
 */
export function NeutralLayout({
  children,
  variant = 'neutral',
  locked = false,
}: {
  children?: ReactNode;
  variant?: string;
  /** a registration kiosk's page: no way out of it (PageShell) */
  locked?: boolean;
}) {
  return (
    <PageShell variant={variant} locked={locked}>
      <div className="container container--narrow">{children ?? <Outlet />}</div>
    </PageShell>
  );
}

export const FormLayout = () => <NeutralLayout variant="form" />;
export const FormSipenLayout = () => <NeutralLayout variant="form-sipen" />;
export const SubmittedLayout = () => <NeutralLayout variant="submitted" />;
export const RequestsLayout = () => <NeutralLayout variant="requests" />;
