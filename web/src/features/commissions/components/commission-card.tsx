import { toCommissionCard } from '@evt/contracts/teams';
import type { Member } from '@evt/contracts/upstream-members';
import type { Task, Team } from '@evt/contracts/upstream-teams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Detail } from '../../../components/ui/detail';
import { errorMessageKey } from '../../../lib/api-error';
import { useDateFormatter } from '../../../lib/format';
import { useLocalePath } from '../../../lib/locale-path';
import { MemberPicker } from './member-picker';
import { useAddTeamMembersMutation, useDeleteTeamMutation } from '../api/teams';

/** A commission with what its members and the event's tasks say of it (`toCommissionCard`). */
export function CommissionCard({
  team,
  organizationId,
  members,
  tasks,
}: {
  team: Team;
  organizationId: number;
  members: readonly Member[];
  /** the event's tasks; undefined while they load */
  tasks: readonly Task[] | undefined;
}) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  const card = toCommissionCard(team, tasks ?? [], new Date());
  const remove = useDeleteTeamMutation(team.eventId);
  const add = useAddTeamMembersMutation(team.eventId);
  const candidates = members.filter((member) => !team.members.some((m) => m.userId === member.userId));
  const [asking, setAsking] = useState(false);
  const failure = add.error ?? remove.error;
  return (
    <li className="card commission-card">
      <div className="page__header">
        <h3 className="card__title">{card.name}</h3>
        <span className="badge">{t(`console.commissions.status.${card.status}`)}</span>
      </div>
      {card.description ? <p>{card.description}</p> : null}
      <dl className="details details--compact">
        <Detail label={t('console.commissions.memberCount')}>{card.memberCount}</Detail>
        {tasks ? (
          <>
            <Detail label={t('console.commissions.openTasks')}>{card.openTasks}</Detail>
            <Detail label={t('console.commissions.recentTasks')}>{card.recentTasks}</Detail>
            <Detail label={t('console.commissions.lastActivity')}>
              {card.lastActivity ? formatDate(card.lastActivity) : t('console.commissions.noActivity')}
            </Detail>
          </>
        ) : null}
      </dl>
      {card.members.length > 0 ? (
        <p>
          {card.members.map((m) => t('common.fullName', { first: m.firstName, last: m.lastName })).join(', ')}
        </p>
      ) : null}
      <MemberPicker
        label={t('console.commissions.addMember', { name: card.name })}
        submitLabel={t('console.commissions.add')}
        candidates={candidates}
        busy={add.isPending}
        onPick={(userId, done) => add.mutate({ teamId: team.id, userIds: [userId] }, { onSuccess: done })}
      />
      {failure ? <p role="alert">{t(errorMessageKey(failure))}</p> : null}
      <div className="card__actions">
        <Link to={lp(`/events/commission-${team.id}/projects`)}>
          {t('console.commissions.projects', { name: card.name })}
        </Link>
        <Link to={lp(`/organizations/collaborators-${organizationId}/${team.id}`)}>
          {t('console.collaborators.title')}
        </Link>
        <Button size="sm" variant="danger" busy={remove.isPending} onClick={() => setAsking(true)}>
          {t('console.commissions.delete')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('console.commissions.confirmDelete', { name: card.name })}
        description={t('console.commissions.deleteDialog.description', { name: card.name })}
        confirmLabel={t('console.commissions.deleteDialog.confirm', { name: card.name })}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(team.id, { onSuccess: () => setAsking(false) })}
      />
    </li>
  );
}
