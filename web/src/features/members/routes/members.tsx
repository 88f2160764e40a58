import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessageKey } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDateFormatter } from '../../../lib/format';
import { useLocalePath } from '../../../lib/locale-path';
import { useSession } from '../../auth/api/me';
import { useMembers } from '../api/members';
import { InvitationList } from '../components/invitation-list';
import { InviteForm } from '../components/invite-form';

/** `/members`: the selected organisation's members, the invitation form and the invitations. */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { selection } = useSession();
  const orgId = selection.organizationId;
  const members = useMembers(orgId);
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  useDocumentTitle(t('console.members.title'));
  if (orgId === null) {
    return (
      <div className="page">
        <h1>{t('console.members.title')}</h1>
        <p>
          <Link to={lp('/home')}>{t('events.chooseOrganization')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('console.members.title')}</h1>
        <Link to={lp(`/organizations/collaborators-${orgId}`)}>{t('console.collaborators.title')}</Link>
      </div>
      <section className="card" aria-labelledby="members-title">
        <h2 id="members-title" className="card__title">
          {t('console.members.listTitle')}
        </h2>
        {members.isPending ? (
          <PageSpinner />
        ) : members.isError ? (
          <Alert tone="error">{t(errorMessageKey(members.error))}</Alert>
        ) : (
          <table className="table">
            <caption className="sr-only">{t('console.members.listTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.members.name')}</th>
                <th scope="col">{t('console.invite.email')}</th>
                <th scope="col">{t('console.invite.memberType')}</th>
                <th scope="col">{t('console.members.joined')}</th>
              </tr>
            </thead>
            <tbody>
              {members.data.map((member) => (
                <tr key={member.userId}>
                  <td>{t('common.fullName', { first: member.firstName, last: member.lastName })}</td>
                  <td>{member.email}</td>
                  <td>{t(`console.memberTypes.${member.memberType}`, member.memberType)}</td>
                  <td>{formatDate(member.joinedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <InviteForm organizationId={orgId} />
      <InvitationList organizationId={orgId} />
    </div>
  );
}
