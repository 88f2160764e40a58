import type { CheckedInPerson } from '@evt/contracts/checkin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { usePersonName } from '../../../lib/person-name';
import { useCheckinSearch } from '../api/checkin';
import { DeskConfirm } from './desk-confirm';

/**
 * Finds registrations by name; each confirmed one has the page's action (choose it, check it in), one not
 * confirmed by e-mail yet (a kiosk registrant) is confirmed at the desk first (`DeskConfirm`).
 */
export function PersonSearch({
  eventId,
  label,
  actionLabel,
  onPick,
  describe,
}: {
  eventId: number;
  label: string;
  actionLabel: (person: CheckedInPerson) => string;
  onPick: (person: CheckedInPerson) => void;
  describe?: (person: CheckedInPerson) => string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const found = useCheckinSearch(eventId, q);
  const nameOf = usePersonName();
  // confirmed at the desk in this search: their badge stays offered once the list shows them confirmed
  const [atDesk, setAtDesk] = useState<number[]>([]);
  return (
    <div className="person-search">
      <search>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setQ(typed.trim());
          }}
        >
          <label className="field__label" htmlFor={`${id}-q`}>
            {label}
          </label>
          <div className="inline-form">
            <input
              id={`${id}-q`}
              className="input"
              type="search"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            <Button type="submit" variant="secondary">
              {t('checkin.searchSubmit')}
            </Button>
          </div>
        </form>
      </search>
      <ErrorAlert error={found.error} />
      {found.data ? (
        found.data.data.length === 0 ? (
          <p role="status">{t('checkin.noMatch')}</p>
        ) : (
          <ul className="person-search__results" aria-live="polite">
            {found.data.data.map((person) => (
              <li key={person.registrationId}>
                <span>
                  <strong>{nameOf(person)}</strong> {person.organisation}{' '}
                  <span className="muted">{t(`badges.roles.${person.role}`)}</span>{' '}
                  {person.status === 'pending' ? (
                    <span className="muted">{t('checkin.desk.pending')}</span>
                  ) : null}{' '}
                  {describe?.(person) ?? null}
                </span>
                {person.status === 'confirmed' ? (
                  <Button size="sm" onClick={() => onPick(person)}>
                    {actionLabel(person)}
                  </Button>
                ) : null}
                {person.status === 'pending' || atDesk.includes(person.registrationId) ? (
                  <DeskConfirm
                    eventId={eventId}
                    person={person}
                    onConfirmed={() => setAtDesk((ids) => [...ids, person.registrationId])}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
