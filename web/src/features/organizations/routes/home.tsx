import type { Organization } from '@evt/contracts/organizations';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryResult } from '../../../components/ui/query-result';
import { errorMessageKey } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../../lib/session/me';
import { useUpdateSelectionMutation } from '../../../lib/session/update-selection';
import { useOrganizations } from '../api/list-organizations';
import { CreateOrganizationDialog } from '../components/create-organization-dialog';
import { OrganizationCard } from '../components/organization-card';

export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { user, selection } = useSession();
  const organizations = useOrganizations();
  const updateSelection = useUpdateSelectionMutation();
  useDocumentTitle(t('home.title'));

  // Spec section 4: selecting an organisation (or creating one) selects it, clears the event, stays on /home.
  const select = (organization: Organization) =>
    updateSelection.mutate(
      { organizationId: organization.id, eventId: null, commissionId: null },
      {
        onSuccess: () =>
          showToast({
            kind: 'success',
            title: 'home.selectedToast',
            values: { name: organization.name },
            untilNavigation: true,
          }),
        onError: (error) => showToast({ kind: 'error', title: errorMessageKey(error) }),
      },
    );

  const selected = organizations.data?.find((organization) => organization.id === selection.organizationId);

  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1>{t('home.title')}</h1>
          <p className="page__lead">{t('home.greeting', { name: user.firstName })}</p>
        </div>
        <CreateOrganizationDialog onCreated={select} />
      </div>

      {selected ? (
        <Alert tone="info">
          <p>
            {t('home.currentOrganization', { name: selected.name })}{' '}
            <Link to={lp('/events')}>{t('home.seeEvents')}</Link>
          </p>
        </Alert>
      ) : null}

      <section aria-labelledby="orgs-title">
        <h2 id="orgs-title" className="section-title">
          {t('home.organizations')}
        </h2>
        <QueryResult query={organizations}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t('home.emptyTitle')} message={t('home.emptyMessage')} />
            ) : (
              <ul className="card-grid" aria-labelledby="orgs-title">
                {list.map((organization) => (
                  <li key={organization.id}>
                    <OrganizationCard
                      organization={organization}
                      selected={organization.id === selection.organizationId}
                      selecting={
                        updateSelection.isPending &&
                        updateSelection.variables?.organizationId === organization.id
                      }
                      onSelect={() => select(organization)}
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryResult>
      </section>
    </div>
  );
}
