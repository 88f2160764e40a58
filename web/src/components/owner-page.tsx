import { hasRole } from '@evt/contracts/roles';
import type { ReactNode } from 'react';
import { ChooseOrganizationPage } from './choose-organization-page';
import { QueryResult } from './ui/query-result';
import { useDocumentTitle } from '../lib/document-title';
import { useOrganization } from '../lib/queries/organization';
import { useSession } from '../lib/session/me';

/**
 * A page of the selected organisation's own settings that only its owners manage (API keys, webhooks):
 * the organisation's name above the title, the owner's view, or a sentence saying who may.
 */
export function OwnerPage({
  title,
  ownersOnly,
  children,
}: {
  title: string;
  ownersOnly: string;
  children: (organizationId: number) => ReactNode;
}) {
  const { selection } = useSession();
  const id = selection.organizationId;
  useDocumentTitle(title);
  const query = useOrganization(id);
  if (id === null) return <ChooseOrganizationPage title={title} />;
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <p className="page__eyebrow">{query.data?.name}</p>
          <h1>{title}</h1>
        </div>
      </div>
      <QueryResult query={query}>
        {(organization) =>
          hasRole(organization.memberType, 'owner') ? children(id) : <p className="card">{ownersOnly}</p>
        }
      </QueryResult>
    </div>
  );
}
