import type { Member, MemberType } from '@evt/contracts/upstream-members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessageKey } from '../../../lib/api-error';
import { useChangeMemberTypeMutation, useRemoveMemberMutation } from '../api/members';
import { memberTypeKey } from '../lib/member-type';

type Props = {
  organizationId: number;
  member: Member;
  types: readonly MemberType[];
  /** the caller's own member type: an admin neither makes nor touches an owner */
  callerType: string;
  /** the member is the organisation's only owner: nothing is offered */
  onlyOwner: boolean;
  /** what happened, for the page's status message */
  onDone: (message: string, tone: 'success' | 'error', rowGone?: boolean) => void;
};

/**
 * A member's type and removal, for managers. The upstream holds the same rules (managers only,
 * an admin not on owners, never the last owner); the page simply does not offer what would be refused.
 */
export function MemberActions({ organizationId, member, types, callerType, onlyOwner, onDone }: Props) {
  const { t } = useTranslation();
  const change = useChangeMemberTypeMutation(organizationId);
  const remove = useRemoveMemberMutation(organizationId);
  const [typeId, setTypeId] = useState(member.memberTypeId);
  const [confirming, setConfirming] = useState(false);
  const name = t('common.fullName', { first: member.firstName, last: member.lastName });
  if (onlyOwner) return <span className="muted">{t('console.memberAdmin.lastOwner')}</span>;
  if (callerType !== 'owner' && member.memberType === 'owner') return null;
  const offered = types.filter((type) => callerType === 'owner' || type.code !== 'owner');
  const selectId = `member-type-${member.userId}`;

  return (
    <div className="cluster">
      {offered.length > 0 ? (
        <>
          <select
            id={selectId}
            className="input select"
            aria-label={t('console.memberAdmin.typeOf', { name })}
            value={typeId}
            onChange={(e) => setTypeId(Number(e.target.value))}
          >
            {offered.map((type) => (
              <option key={type.id} value={type.id}>
                {t(memberTypeKey(type.code), type.name)}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('console.memberAdmin.changeTypeOf', { name })}
            disabled={typeId === member.memberTypeId}
            busy={change.isPending}
            onClick={() =>
              change.mutate(
                { userId: member.userId, memberTypeId: typeId },
                {
                  onSuccess: (saved) =>
                    onDone(
                      t('console.memberAdmin.changed', {
                        name,
                        type: t(memberTypeKey(saved.memberType), saved.memberType),
                      }),
                      'success',
                    ),
                  onError: (error) => {
                    setTypeId(member.memberTypeId);
                    onDone(t(errorMessageKey(error)), 'error');
                  },
                },
              )
            }
          >
            {t('console.memberAdmin.change')}
          </Button>
        </>
      ) : null}
      <Button
        size="sm"
        variant="danger"
        aria-label={t('console.memberAdmin.removeLabel', { name })}
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        {t('console.memberAdmin.remove')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('console.memberAdmin.removeTitle', { name })}
        description={t('console.memberAdmin.removeText', { name, email: member.email })}
        confirmLabel={t('console.memberAdmin.removeConfirm', { name })}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(member.userId, {
            onSuccess: () => {
              setConfirming(false);
              onDone(t('console.memberAdmin.removed', { name }), 'success', true);
            },
          })
        }
      />
    </div>
  );
}
