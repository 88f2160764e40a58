import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessageKey, isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLinkKey } from '../../../lib/link-key';
import { useLocalePath } from '../../../lib/locale-path';
import { useMe } from '../../../lib/session/me';
import { useUpdateSelectionMutation } from '../../../lib/session/update-selection';
import { useAcceptInvitationMutation, useInvitationLookup } from '../api/invitation';
import { InviteRegister, InviteSignIn } from '../components/invite-account';
import { memberTypeKey } from '../lib/member-type';

function Problem({ reason }: { reason: 'invalid' | 'accepted' | 'invalidated' | 'expired' }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  return (
    <div className="page">
      <h1>{t(`console.acceptInvite.problem.${reason}.title`)}</h1>
      <p>{t(`console.acceptInvite.problem.${reason}.message`)}</p>
      <p>
        <Link to={lp('/auth/login')}>{t('console.acceptInvite.toLogin')}</Link>
      </p>
    </div>
  );
}

/** The invitation page's own address, without the code. */
const withoutCode = (pathname: string) =>
  pathname.replace(/\/organizations\/intivite(\/[^/]*)?$/, '/organizations/invite');

/**
 * `/organizations/invite?code=…` (the spec's mailed link; and the misspelt `/organizations/intivite[/{token}]`):
 * the code leaves the address at once (lib/link-key.ts). Shows who invites, lets the invitee sign in or
 * create the account, then joins them (the BFF's POST /organizations/add-member with the code).
 */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { token } = useParams();
  const code = useLinkKey('invitation', search.get('code') ?? token ?? null, withoutCode) ?? '';
  const lookup = useInvitationLookup(code);
  const me = useMe();
  const accept = useAcceptInvitationMutation();
  const select = useUpdateSelectionMutation();
  useDocumentTitle(t('console.acceptInvite.title'));

  const invitation = lookup.data?.invitation;
  const user = me.data?.user;
  const sameUser = Boolean(user && invitation && user.email.toLowerCase() === invitation.email.toLowerCase());
  const { mutate: join } = accept;
  // Signed in with the invited address (just now, or already): join at once.
  useEffect(() => {
    if (sameUser && invitation?.status === 'pending' && accept.isIdle) {
      join(code, {
        onSuccess: (organization) =>
          select.mutate(
            { organizationId: organization.id, eventId: null, commissionId: null },
            { onSettled: () => navigate(lp('/home')) },
          ),
      });
    }
  }, [sameUser, invitation?.status, accept.isIdle, join, code, select, navigate, lp]);

  if (code.length < 16) return <Problem reason="invalid" />;
  if (lookup.isPending || me.isPending) return <PageSpinner />;
  if (lookup.isError) {
    if (isApiError(lookup.error) && (lookup.error.status === 404 || lookup.error.status === 400))
      return <Problem reason="invalid" />;
    return <ErrorAlert error={lookup.error} />;
  }
  const { organizations } = lookup.data;
  if (lookup.data.invitation.status !== 'pending')
    return <Problem reason={lookup.data.invitation.status as 'accepted' | 'invalidated' | 'expired'} />;
  const current = lookup.data.invitation;

  return (
    <div className="page">
      <h1>{t('console.acceptInvite.title')}</h1>
      <p>{t('console.acceptInvite.lead', { email: current.email })}</p>
      <ul className="card-list" aria-label={t('console.acceptInvite.organizations')}>
        {organizations.map((organization) => (
          <li key={organization.id} className="card">
            <h2 className="card__title">{organization.name}</h2>
            {organization.description ? <p>{organization.description}</p> : null}
            <p>{t('console.acceptInvite.as', { type: t(memberTypeKey(current.memberType)) })}</p>
          </li>
        ))}
      </ul>
      {accept.isError ? (
        <Alert tone="error">
          {t(
            isApiError(accept.error) && accept.error.status === 403
              ? 'console.acceptInvite.otherAddress'
              : errorMessageKey(accept.error),
          )}
        </Alert>
      ) : null}
      {user && !sameUser ? (
        <Alert tone="info">{t('console.acceptInvite.signedInAsOther', { email: user.email })}</Alert>
      ) : null}
      {sameUser ? (
        <Button busy={accept.isPending} onClick={() => join(code)} disabled={accept.isPending}>
          {t('console.acceptInvite.join')}
        </Button>
      ) : null}
      {!user ? (
        current.accountExists ? (
          <InviteSignIn email={current.email} />
        ) : (
          <InviteRegister email={current.email} code={code} />
        )
      ) : null}
    </div>
  );
}
