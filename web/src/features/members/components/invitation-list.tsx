import type { Invitation } from '@evt/contracts/upstream-members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageKey } from '../../../lib/api-error';
import { useDateFormatter } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-path';
import {
  INVITATIONS_PER_PAGE,
  useInvalidateMutation,
  useInvitations,
  useResendMutation,
} from '../api/members';
import { InvalidateConfirm } from './invalidate-confirm';
import { ScrollTable } from '../../../components/ui/scroll-table';

function Row({ invitation, organizationId }: { invitation: Invitation; organizationId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  const invalidate = useInvalidateMutation(organizationId);
  const resend = useResendMutation(organizationId);
  const failure = invalidate.error ?? resend.error;
  return (
    <tr>
      <td>{invitation.email}</td>
      <td>{t(`console.memberTypes.${invitation.memberType}`, invitation.memberType)}</td>
      <td>{t(`console.invitations.status.${invitation.status}`)}</td>
      <td>{formatDate(invitation.expiresAt)}</td>
      <td className="table__actions">
        {invitation.status === 'pending' ? (
          <>
            <Button
              size="sm"
              variant="secondary"
              busy={resend.isPending}
              onClick={() => resend.mutate({ id: invitation.id, locale })}
              aria-label={t('console.invitations.resendFor', { email: invitation.email })}
            >
              {t('console.invitations.resend')}
            </Button>
            <InvalidateConfirm
              email={invitation.email}
              busy={invalidate.isPending}
              onConfirm={() => invalidate.mutateAsync(invitation.id)}
            />
          </>
        ) : null}
        {failure ? <span role="alert">{t(errorMessageKey(failure))}</span> : null}
      </td>
    </tr>
  );
}

/** GET /organizations/{id}/invitations?limit=5&page=n, with real pages. */
export function InvitationList({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useInvitations(organizationId, page);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INVITATIONS_PER_PAGE));
  return (
    <section className="card" aria-labelledby="invitations-title">
      <h2 id="invitations-title" className="card__title">
        {t('console.invitations.title')} {query.isFetching ? <Spinner size="sm" decorative /> : null}
      </h2>
      <ErrorAlert error={query.error} />
      {query.data && query.data.data.length === 0 ? <p>{t('console.invitations.empty')}</p> : null}
      {query.data && query.data.data.length > 0 ? (
        <ScrollTable caption={t('console.invitations.title')} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t('console.invite.email')}</th>
              <th scope="col">{t('console.invite.memberType')}</th>
              <th scope="col">{t('console.invitations.statusTitle')}</th>
              <th scope="col">{t('console.invitations.expires')}</th>
              <th scope="col">{t('console.invitations.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.data.map((invitation) => (
              <Row key={invitation.id} invitation={invitation} organizationId={organizationId} />
            ))}
          </tbody>
        </ScrollTable>
      ) : null}
      <nav className="pagination" aria-label={t('console.invitations.pagination')}>
        <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('console.pagination.previous')}
        </Button>
        <span aria-live="polite">{t('console.pagination.pageOf', { page, pages })}</span>
        <Button size="sm" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('console.pagination.next')}
        </Button>
      </nav>
    </section>
  );
}
