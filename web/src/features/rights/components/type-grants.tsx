import { EVENT_PERMISSIONS, OWNER_TYPE, type Permission } from '@evt/contracts/permissions';
import type { EventRights } from '@evt/contracts/rights';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { type GrantTarget, useSetGrantMutation } from '../api/rights';

type MemberTypeRights = EventRights['memberTypes'][number];

/** One member type's permissions in the event, as checkboxes; an owner's are shown, not editable. */
function TypeGrant({ eventId, type }: { eventId: number; type: MemberTypeRights }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<readonly Permission[]>(type.permissions);
  const set = useSetGrantMutation(eventId);
  const target: GrantTarget = { kind: 'type', id: type.id };
  const owner = type.code === OWNER_TYPE;
  const toggle = (permission: Permission, on: boolean) =>
    setChosen((current) => (on ? [...current, permission] : current.filter((p) => p !== permission)));
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    set.mutate({ target, permissions: [...chosen] });
  }
  const name = t(`rights.memberTypes.${type.code}`, { defaultValue: type.name });
  return (
    <form className="card rights-type" onSubmit={onSubmit}>
      <fieldset disabled={owner || set.isPending}>
        <legend className="card__title">{name}</legend>
        <p>{t(owner ? 'rights.ownerAll' : type.custom ? 'rights.typeCustom' : 'rights.typeDefault')}</p>
        <ul className="rights-grid">
          {EVENT_PERMISSIONS.map((permission) => (
            <li key={permission}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.includes(permission)}
                  onChange={(e) => toggle(permission, e.target.checked)}
                />{' '}
                {t(`rights.permissions.${permission}`)}
              </label>
            </li>
          ))}
        </ul>
        {owner ? null : (
          <div className="actions">
            <Button type="submit">{t('rights.saveType', { name })}</Button>
            {type.custom ? (
              <Button variant="secondary" onClick={() => set.mutate({ target, permissions: null })}>
                {t('rights.resetType', { name })}
              </Button>
            ) : null}
          </div>
        )}
      </fieldset>
      {/* present from the start, so that a screen reader announces what fills it */}
      <p role="status">{set.isSuccess ? t('rights.saved') : null}</p>
      <ErrorAlert error={set.error} />
    </form>
  );
}

export function TypeGrants({ eventId, rights }: { eventId: number; rights: EventRights }) {
  return (
    <div className="card-list">
      {rights.memberTypes.map((type) => (
        <TypeGrant key={`${type.id}-${type.permissions.join()}`} eventId={eventId} type={type} />
      ))}
    </div>
  );
}
