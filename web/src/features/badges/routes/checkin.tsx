import type { CheckinResult } from '@evt/contracts/checkin';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEvent } from '../../../lib/queries/event';
import { useCheckInMutation, useScanMutation } from '../api/checkin';
import { CameraScanner } from '../components/camera-scanner';
import { usePersonName } from '../../../lib/person-name';
import { PersonSearch } from '../components/person-search';

const timeOf = (iso: string | null, locale: string) =>
  iso ? new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso)) : '';

/** What the steward reads after a scan, in words (announced: a refusal at once, an arrival politely). */
function Outcome({ result }: { result: CheckinResult }) {
  const { t, i18n } = useTranslation();
  const personName = usePersonName();
  if (result.outcome === 'checkedIn' || result.outcome === 'already') {
    const { person } = result;
    const text =
      result.outcome === 'checkedIn'
        ? t('checkin.outcome.checkedIn', { name: personName(person) })
        : t('checkin.outcome.already', {
            time: timeOf(person.checkedInAt, i18n.language),
            by: person.checkedInBy ?? '',
          });
    return (
      <div
        className={`checkin-outcome checkin-outcome--${result.outcome}`}
        role={result.outcome === 'already' ? 'alert' : 'status'}
      >
        <p className="checkin-outcome__title">{text}</p>
        <p>
          {[personName(person), person.organisation, t(`badges.roles.${person.role}`)]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
    );
  }
  return (
    <div className="checkin-outcome checkin-outcome--refused" role="alert">
      <p className="checkin-outcome__title">{t(`checkin.outcome.${result.outcome}`)}</p>
    </div>
  );
}

/** `/events/checkin-{eventId}`: staff at the door, phone first: scanner, camera or name. */
export function CheckinPage({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation();
  const personName = usePersonName();
  const event = useEvent(eventId);
  const scan = useScanMutation(eventId);
  const byName = useCheckInMutation(eventId);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [result, setResult] = useState<CheckinResult | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useDocumentTitle(t('checkin.title'));
  const send = (value: string) => {
    if (!value.trim()) return;
    scan.mutate(value.trim(), { onSuccess: setResult });
    setCode('');
    input.current?.focus();
  };
  return (
    <EventLayout event={event.data}>
      <div className="page checkin">
        <h1>{t('checkin.title')}</h1>
        <p>{t('checkin.intro')}</p>
        <form
          className="checkin__scan"
          onSubmit={(e) => {
            e.preventDefault();
            send(code);
          }}
        >
          <label className="field__label" htmlFor="checkin-code">
            {t('checkin.code')}
          </label>
          <div className="inline-form">
            <input
              id="checkin-code"
              ref={input}
              className="input input--large"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              // biome-ignore lint/a11y/noAutofocus: the scanner types into this field as soon as the page opens
              autoFocus
              aria-describedby="checkin-code-hint"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" busy={scan.isPending}>
              {t('checkin.submit')}
            </Button>
          </div>
          <p id="checkin-code-hint" className="field__hint">
            {t('checkin.codeHint')}
          </p>
        </form>
        <ErrorAlert error={scan.error ?? byName.error} />
        <div aria-live="polite">{result ? <Outcome result={result} /> : null}</div>
        <p className="actions">
          <Button variant="secondary" onClick={() => setCamera((on) => !on)} aria-pressed={camera}>
            {camera ? t('checkin.stopCamera') : t('checkin.camera')}
          </Button>
        </p>
        {camera ? <CameraScanner onCode={send} /> : null}
        <PersonSearch
          eventId={eventId}
          label={t('checkin.search')}
          actionLabel={(person) => t('checkin.checkInButton', { name: personName(person) })}
          describe={(person) =>
            person.checkedInAt
              ? t('checkin.present', { time: timeOf(person.checkedInAt, i18n.language) })
              : null
          }
          onPick={(person) => byName.mutate(person.registrationId, { onSuccess: setResult })}
        />
      </div>
    </EventLayout>
  );
}
