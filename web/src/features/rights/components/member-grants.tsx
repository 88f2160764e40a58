import { OWNER_TYPE, type Permission, ROLE_PRESETS, type RolePreset } from '@evt/contracts/permissions';
import type { EventRights } from '@evt/contracts/rights';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { useSetGrantMutation } from '../api/rights';
import { usePersonName } from '../../../lib/person-name';
import { ScrollTable } from '../../../components/ui/scroll-table';

type MemberRights = EventRights['members'][number];
type Choice = 'inherit' | RolePreset | 'custom';

const same = (a: readonly Permission[], b: readonly Permission[]) =>
  a.length === b.length && a.every((p) => b.includes(p));

function choiceOf(member: MemberRights): Choice {
  if (!member.custom) return 'inherit';
  const preset = (Object.keys(ROLE_PRESETS) as RolePreset[]).find((name) =>
    same(ROLE_PRESETS[name], member.permissions),
  );
  return preset ?? 'custom';
}

/** Each member's role in the event: their member type's, or a preset of their own (read-only...). */
export function MemberGrants({ eventId, rights }: { eventId: number; rights: EventRights }) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const set = useSetGrantMutation(eventId);
  // what was just chosen, shown until the saved matrix comes back (or the change fails)
  const [chosen, setChosen] = useState<Record<number, Choice>>({});
  // whose role was saved last, said in the status line (a live region present from the start)
  const [savedFor, setSavedFor] = useState<string | null>(null);
  const choose = (member: MemberRights, name: string, choice: Choice) => {
    if (choice === 'custom') return;
    const permissions = choice === 'inherit' ? null : [...ROLE_PRESETS[choice]];
    setChosen((current) => ({ ...current, [member.userId]: choice }));
    setSavedFor(null);
    const forget = () => setChosen(({ [member.userId]: _, ...rest }) => rest);
    set.mutate(
      { target: { kind: 'member', id: member.userId }, permissions },
      { onSettled: forget, onSuccess: () => setSavedFor(name) },
    );
  };
  return (
    <>
      <ScrollTable caption={t('rights.membersTitle')} captionHidden>
        <thead>
          <tr>
            <th scope="col">{t('rights.columns.member')}</th>
            <th scope="col">{t('rights.columns.memberType')}</th>
            <th scope="col">{t('rights.columns.role')}</th>
            <th scope="col">{t('rights.columns.permissions')}</th>
          </tr>
        </thead>
        <tbody>
          {rights.members.map((member) => {
            const name = nameOf({ firstNames: member.firstName, lastName: member.lastName }) || member.email;
            const choice = chosen[member.userId] ?? choiceOf(member);
            const id = `rights-member-${member.userId}`;
            return (
              <tr key={member.userId}>
                <th scope="row" id={id}>
                  {name}
                  <br />
                  <small>{member.email}</small>
                </th>
                <td>{t(`rights.memberTypes.${member.memberType}`, { defaultValue: member.memberType })}</td>
                <td>
                  {member.memberType === OWNER_TYPE ? (
                    t('rights.ownerAll')
                  ) : (
                    <select
                      className="input select"
                      aria-labelledby={`${id}-label ${id}`}
                      value={choice}
                      disabled={set.isPending}
                      onChange={(e) => choose(member, name, e.target.value as Choice)}
                    >
                      <option value="inherit">{t('rights.choices.inherit')}</option>
                      <option value="full">{t('rights.choices.full')}</option>
                      <option value="readOnly">{t('rights.choices.readOnly')}</option>
                      {choice === 'custom' ? (
                        <option value="custom">{t('rights.choices.custom')}</option>
                      ) : null}
                    </select>
                  )}
                  <span id={`${id}-label`} hidden>
                    {t('rights.columns.role')}
                  </span>
                </td>
                <td>
                  <ul className="rights-list">
                    {member.permissions.map((permission) => (
                      <li key={permission}>{t(`rights.permissions.${permission}`)}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            );
          })}
        </tbody>
      </ScrollTable>
      <p role="status">{savedFor ? t('rights.savedFor', { name: savedFor }) : null}</p>
      <ErrorAlert error={set.error} />
    </>
  );
}
