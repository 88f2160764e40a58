import type { CheckedInPerson } from '@evt/contracts/checkin';
import { REGISTRATION_KINDS, type RegistrationKind } from '@evt/contracts/forms/kinds';
import { buildPath } from '@evt/contracts/http';
import { apiRoutes } from '@evt/contracts/routes';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureOffNotice, useFeatureOff } from '../../../components/feature-gate';
import { EventLayout } from '../../../components/layout/event-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEvent } from '../../../lib/queries/event';
import { BadgeSendPanel } from '../components/badge-send-panel';
import { PersonSearch } from '../components/person-search';
import { downloadBadgePdf } from '../lib/pdf-download';
import { usePersonName } from '../../../lib/person-name';

type Run =
  | { state: 'idle' }
  | { state: 'running'; done: number; total: number }
  | { state: 'ready'; url: string; total: number }
  | { state: 'failed' };

/** `/events/genbadge-{eventId}`: the badges of the confirmed registrations of chosen roles, or of one person. */
export function GenerateBadgesPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const event = useEvent(eventId);
  // badge sending is its own feature (/admin/features): off, its panel says so
  const sendingOff = useFeatureOff(eventId, 'badgeSending');
  const [roles, setRoles] = useState<RegistrationKind[]>(['participant']);
  const [person, setPerson] = useState<CheckedInPerson | null>(null);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const [warning, setWarning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useDocumentTitle(t('badges.generate.title'));
  // leaving the page stops a generation under way
  useEffect(() => () => abort.current?.abort(), []);
  // a finished PDF's address is let go when another replaces it or the page goes
  const url = run.state === 'ready' ? run.url : null;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const start = async () => {
    if (!person && !roles.length) {
      setWarning(true);
      return;
    }
    setWarning(false);
    const query = person ? `registrationId=${person.registrationId}` : `roles=${roles.join(',')}`;
    const path = `${buildPath(apiRoutes.badges.generate.path, { id: eventId })}?${query}`;
    abort.current = new AbortController();
    setRun({ state: 'running', done: 0, total: 0 });
    try {
      const { blob, total } = await downloadBadgePdf(
        path,
        (done, all) => setRun({ state: 'running', done, total: all }),
        abort.current.signal,
      );
      setRun({ state: 'ready', url: URL.createObjectURL(blob), total });
    } catch (error) {
      if ((error as Error).name !== 'AbortError') setRun({ state: 'failed' });
    }
  };
  const name = person ? nameOf(person) : '';
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <h1>{t('badges.generate.title')}</h1>
        <p>{t('badges.generate.intro')}</p>
        {person ? (
          <p>
            {t('badges.generate.chosen', { name })}{' '}
            <Button size="sm" variant="secondary" onClick={() => setPerson(null)}>
              {t('badges.generate.clearPerson')}
            </Button>
          </p>
        ) : (
          <fieldset className="fieldset badge-roles">
            <legend>{t('badges.generate.roles')}</legend>
            {REGISTRATION_KINDS.map((kind) => (
              <label key={kind} className="checkbox">
                <input
                  type="checkbox"
                  checked={roles.includes(kind)}
                  onChange={(e) =>
                    setRoles((all) => (e.target.checked ? [...all, kind] : all.filter((k) => k !== kind)))
                  }
                />{' '}
                {t(`badges.roles.${kind}`)}
              </label>
            ))}
          </fieldset>
        )}
        {!person ? (
          <details className="badge-person">
            <summary>{t('badges.generate.onePerson')}</summary>
            <PersonSearch
              eventId={eventId}
              label={t('badges.generate.searchPerson')}
              actionLabel={() => t('badges.generate.choose')}
              onPick={setPerson}
            />
          </details>
        ) : null}
        {warning ? <Alert tone="error">{t('badges.generate.pickRole')}</Alert> : null}
        <p className="actions">
          <Button onClick={start} busy={run.state === 'running'}>
            {t('badges.generate.start')}
          </Button>
        </p>
        {run.state === 'running' ? (
          <div role="status">
            <progress
              aria-label={t('badges.generate.progressLabel')}
              max={Math.max(run.total, 1)}
              value={run.done}
            />{' '}
            {t('badges.generate.progress', { done: run.done, total: run.total })}
          </div>
        ) : null}
        {run.state === 'ready' ? (
          run.total === 0 ? (
            <Alert tone="info">{t('badges.generate.none')}</Alert>
          ) : (
            <Alert tone="success" title={t('badges.generate.done', { total: run.total })}>
              <a className="btn btn--primary" href={run.url} download={`badges-${eventId}.pdf`}>
                {t('badges.generate.save')}
              </a>
            </Alert>
          )
        ) : null}
        {run.state === 'failed' ? <Alert tone="error">{t('badges.generate.failed')}</Alert> : null}
        {sendingOff ? (
          <FeatureOffNotice eventId={eventId} feature="badgeSending" />
        ) : (
          <BadgeSendPanel
            eventId={eventId}
            choice={person ? { roles: [], registrationId: person.registrationId } : { roles }}
          />
        )}
      </div>
    </EventLayout>
  );
}
