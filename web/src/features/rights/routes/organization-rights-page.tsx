import '../rights.css';
import { OWNER_TYPE, type Permission } from '@evt/contracts/permissions';
import type { EventRights } from '@evt/contracts/rights';
import { hasRole } from '@evt/contracts/roles';
import { useTranslation } from 'react-i18next';
import { ChooseOrganizationPage } from '../../../components/choose-organization-page';
import { ErrorAlert } from '../../../components/ui/alert';
import { QueryResult } from '../../../components/ui/query-result';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePersonName } from '../../../lib/person-name';
import { useOrganization } from '../../../lib/queries/organization';
import { useSession } from '../../../lib/session/me';
import { useOrganizationRights, useSetOrganizationGrantMutation } from '../api/organization-rights';
import type { GrantTarget } from '../api/rights';

const CREATE: Permission = 'events:create';

type Row = { target: GrantTarget; name: string; owner: boolean; permissions: readonly Permission[] };

/** One "may create events" box per member type and member: the rest of their rules is kept as it is. */
function CreationBoxes({ organizationId, rows }: { organizationId: number; rows: Row[] }) {
  const { t } = useTranslation();
  const set = useSetOrganizationGrantMutation(organizationId);
  const change = (row: Row, on: boolean) =>
    set.mutate({
      target: row.target,
      permissions: on ? [...row.permissions, CREATE] : row.permissions.filter((p) => p !== CREATE),
    });
  return (
    <>
      <ul className="card-list">
        {rows.map((row) => (
          <li key={`${row.target.kind}-${row.target.id}`} className="card">
            <label>
              <input
                type="checkbox"
                checked={row.permissions.includes(CREATE)}
                disabled={row.owner || set.isPending}
                onChange={(e) => change(row, e.target.checked)}
              />{' '}
              {t('rights.organization.allowFor', { name: row.name })}
            </label>
            {row.owner ? <p className="field__hint">{t('rights.organization.ownerAlways')}</p> : null}
          </li>
        ))}
      </ul>
      {set.isSuccess ? <p role="status">{t('rights.organization.saved')}</p> : null}
      <ErrorAlert error={set.error} />
    </>
  );
}

function Rules({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const rights = useOrganizationRights(organizationId);
  const typeRows = (data: EventRights): Row[] =>
    data.memberTypes.map((type) => ({
      target: { kind: 'type', id: type.id },
      name: t(`rights.memberTypes.${type.code}`, { defaultValue: type.name }),
      owner: type.code === OWNER_TYPE,
      permissions: type.permissions,
    }));
  const memberRows = (data: EventRights): Row[] =>
    data.members.map((member) => ({
      target: { kind: 'member', id: member.userId },
      name: nameOf({ firstNames: member.firstName, lastName: member.lastName }) || member.email,
      owner: member.memberType === OWNER_TYPE,
      permissions: member.permissions,
    }));
  return (
    <QueryResult query={rights}>
      {(data) => (
        <>
          <section aria-labelledby="org-rights-types">
            <h2 id="org-rights-types">{t('rights.organization.typesTitle')}</h2>
            <CreationBoxes organizationId={organizationId} rows={typeRows(data)} />
          </section>
          <section aria-labelledby="org-rights-members">
            <h2 id="org-rights-members">{t('rights.organization.membersTitle')}</h2>
            <CreationBoxes organizationId={organizationId} rows={memberRows(data)} />
          </section>
        </>
      )}
    </QueryResult>
  );
}

/**
 * `/organizations/rights`: the selected organisation's own rules, for its managers: who may create events
 * (`events:create`). A creator then holds in the new event what the organisation's rules give, not more.
 */
export function Component() {
  const { t } = useTranslation();
  const { selection } = useSession();
  const id = selection.organizationId;
  const organization = useOrganization(id);
  useDocumentTitle(t('rights.organization.title'));
  if (id === null) return <ChooseOrganizationPage title={t('rights.organization.title')} />;
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <p className="page__eyebrow">{organization.data?.name}</p>
          <h1>{t('rights.organization.title')}</h1>
        </div>
      </div>
      <p>{t('rights.organization.lead')}</p>
      <QueryResult query={organization}>
        {(current) =>
          hasRole(current.memberType, 'manager') ? (
            <Rules organizationId={id} />
          ) : (
            <p className="card">{t('rights.organization.managersOnly')}</p>
          )
        }
      </QueryResult>
    </div>
  );
}
