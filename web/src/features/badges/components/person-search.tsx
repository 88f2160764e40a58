import type { CheckedInPerson } from '@evt/contracts/checkin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useCheckinSearch } from '../api/checkin';

export const personName = (person: CheckedInPerson) => `${person.firstNames} ${person.lastName}`.trim();

/** Finds confirmed registrations by name; each result has one action (choose it, check it in). */
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
                  <strong>{personName(person)}</strong> {person.organisation}{' '}
                  <span className="muted">{t(`badges.roles.${person.role}`)}</span>{' '}
                  {describe?.(person) ?? null}
                </span>
                <Button size="sm" onClick={() => onPick(person)}>
                  {actionLabel(person)}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
