import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChooseOrganizationPage } from '../../../components/choose-organization-page';
import { Alert } from '../../../components/ui/alert';
import { QueryResult } from '../../../components/ui/query-result';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDateFormatter } from '../../../lib/format';
import { useLocalePath } from '../../../lib/locale-path';
import { useSession } from '../../../lib/session/me';
import { useCanManage, useOrganization } from '../../../lib/queries/organization';
import { useMembers, useMemberTypes } from '../api/members';
import { MemberActions } from '../components/member-actions';
import { InvitationList } from '../components/invitation-list';
import { InviteForm } from '../components/invite-form';
import { ScrollTable } from '../../../components/ui/scroll-table';

/** `/members`: the selected organisation's members, the invitation form and the invitations. */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { selection } = useSession();
  const orgId = selection.organizationId;
  const members = useMembers(orgId);
  const canManage = useCanManage(orgId);
  const callerType = useOrganization(orgId).data?.memberType ?? '';
  const types = useMemberTypes({ enabled: canManage === true }).data ?? [];
  const [done, setDone] = useState<{ message: string; tone: 'success' | 'error' } | null>(null);
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  useDocumentTitle(t('console.members.title'));
  if (orgId === null) {
    return <ChooseOrganizationPage title={t('console.members.title')} />;
  }
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('console.members.title')}</h1>
        <Link to={lp(`/organizations/collaborators-${orgId}`)}>{t('console.collaborators.title')}</Link>
      </div>
      <section className="card" aria-labelledby="members-title">
        <h2 id="members-title" className="card__title" tabIndex={-1}>
          {t('console.members.listTitle')}
        </h2>
        {done ? <Alert tone={done.tone}>{done.message}</Alert> : null}
        <QueryResult query={members}>
          {(list) => (
            <ScrollTable caption={t('console.members.listTitle')} captionHidden>
              <thead>
                <tr>
                  <th scope="col">{t('console.members.name')}</th>
                  <th scope="col">{t('console.invite.email')}</th>
                  <th scope="col">{t('console.invite.memberType')}</th>
                  <th scope="col">{t('console.members.joined')}</th>
                  {canManage ? <th scope="col">{t('console.memberAdmin.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {list.map((member) => (
                  <tr key={member.userId}>
                    <td>{t('common.fullName', { first: member.firstName, last: member.lastName })}</td>
                    <td>{member.email}</td>
                    <td>{t(`console.memberTypes.${member.memberType}`, member.memberType)}</td>
                    <td>{formatDate(member.joinedAt)}</td>
                    {canManage ? (
                      <td>
                        <MemberActions
                          organizationId={orgId}
                          member={member}
                          types={types}
                          callerType={callerType}
                          onlyOwner={
                            member.memberType === 'owner' &&
                            list.filter((m) => m.memberType === 'owner').length === 1
                          }
                          onDone={(message, tone, rowGone) => {
                            setDone({ message, tone });
                            // the row is gone: the list's heading takes the focus, not the page
                            if (rowGone) document.getElementById('members-title')?.focus();
                          }}
                        />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
        </QueryResult>
      </section>
      {canManage === true ? (
        <>
          <InviteForm organizationId={orgId} />
          <InvitationList organizationId={orgId} />
        </>
      ) : canManage === false ? (
        <p className="card">{t('console.members.managersOnly')}</p>
      ) : null}
    </div>
  );
}
