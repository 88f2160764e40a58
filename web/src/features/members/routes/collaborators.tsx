import { apiRoutes } from '@evt/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { parseRouteId, splitNamedSegment } from '../../../lib/route-id';
import { NotFoundMessage } from '../../../components/not-found-message';
import { useMembers } from '../api/members';

/**
 * `/organizations/collaborators-{organizationId}[/{commissionId}]`: who works on the organisation (its
 * members and the commissions each sits on), or on one commission.
 */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { collaborators = '', commissionId } = useParams();
  const segment = splitNamedSegment(collaborators);
  const orgId = segment?.name === 'collaborators' ? parseRouteId(segment.rest) : null;
  const teamId = parseRouteId(commissionId);
  const members = useMembers(orgId);
  const teams = useQuery({
    queryKey: ['teams', 'organization', orgId ?? 0],
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.teams.listForOrganization, { params: { id: orgId ?? 0 }, signal })).data,
    enabled: orgId !== null,
  });
  useDocumentTitle(t('console.collaborators.title'));
  if (orgId === null || (commissionId !== undefined && teamId === null)) return <NotFoundMessage />;
  if (members.isPending || teams.isPending) return <PageSpinner />;
  const failure = members.error ?? teams.error;
  if (failure) return <ErrorAlert error={failure} />;
  const team = teamId === null ? null : teams.data?.find((item) => item.id === teamId);
  if (teamId !== null && !team) return <NotFoundMessage />;
  const people = team
    ? (members.data ?? []).filter((member) => team.members.some((m) => m.userId === member.userId))
    : (members.data ?? []);

  return (
    <div className="page">
      <div className="page__header">
        <div>
          <p className="page__eyebrow">{t('console.collaborators.title')}</p>
          <h1>{team ? team.name : t('console.collaborators.organization')}</h1>
        </div>
        {team ? (
          <Link to={lp(`/organizations/collaborators-${orgId}`)}>{t('console.collaborators.all')}</Link>
        ) : null}
      </div>
      {people.length === 0 ? <p>{t('console.collaborators.empty')}</p> : null}
      <ul className="card-list">
        {people.map((person) => {
          const sits = (teams.data ?? []).filter((item) =>
            item.members.some((m) => m.userId === person.userId),
          );
          return (
            <li key={person.userId} className="card">
              <h2 className="card__title">
                {t('common.fullName', { first: person.firstName, last: person.lastName })}
              </h2>
              <p>
                {person.email}
                {' · '}
                {t(`console.memberTypes.${person.memberType}`, person.memberType)}
              </p>
              {sits.length > 0 ? (
                <p>
                  {t('console.collaborators.commissions')}{' '}
                  {sits.map((item, index) => (
                    <span key={item.id}>
                      {index > 0 ? ', ' : ''}
                      <Link to={lp(`/organizations/collaborators-${orgId}/${item.id}`)}>{item.name}</Link>
                    </span>
                  ))}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
