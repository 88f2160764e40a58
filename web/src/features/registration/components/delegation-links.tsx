import type { RegistrationRow } from '@evt/contracts/registrations';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { nameKey } from '../../../lib/i18n/keys';
import { usePersonName } from '../../../lib/person-name';

/**
 * A delegation member's delegation, or a delegation's registered members (the upstream links them by the
 * addresses the delegation listed); each opens in the same dialog.
 */
export function DelegationLinks({ row, onOpen }: { row: RegistrationRow; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  if (row.delegation === undefined && row.delegationMembers === undefined) return null;
  const open = (id: number, name: string) => (
    <Button
      size="sm"
      variant="secondary"
      aria-label={t('console.registrationDetail.delegation.open', { name })}
      onClick={() => onOpen(id)}
    >
      {name}
    </Button>
  );
  const members = row.delegationMembers;
  return (
    <section aria-labelledby={`delegation-${row.id}`}>
      <h3 id={`delegation-${row.id}`}>{t('console.registrationDetail.delegation.title')}</h3>
      {row.delegation !== undefined ? (
        row.delegation ? (
          <dl className="details">
            <div className="details__row">
              <dt>{t('console.registrationDetail.delegation.memberOf')}</dt>
              <dd>{open(row.delegation.id, row.delegation.name)}</dd>
            </div>
          </dl>
        ) : (
          <p>{t('console.registrationDetail.delegation.none')}</p>
        )
      ) : null}
      {members ? (
        members.length ? (
          <>
            <h4>{t('console.registrationDetail.delegation.members')}</h4>
            <ul className="details__members">
              {members.map((member) => (
                <li key={member.id}>
                  {open(member.id, nameOf(member))} {t(nameKey.option('registrationStatuses', member.status))}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('console.registrationDetail.delegation.noMembers')}</p>
        )
      ) : null}
    </section>
  );
}
