import { kioskPin } from '@evt/contracts/kiosk';
import { apiRoutes } from '@evt/contracts/routes';
import { msg } from '@evt/contracts/validation';
import type { Event } from '@evt/contracts/events';
import { LOCALES, type Locale } from '@evt/contracts/locale';
import type { EventForm } from '@evt/contracts/upstream-automation';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldShell } from '../../../components/ui/form';
import { useLocale } from '../../../lib/locale-path';
import { useActionAccess } from '../../../lib/queries/permissions';
import { useStartKioskMutation } from '../api/kiosk';

/**
 * "Use this device as a registration kiosk" for one open form, in a language the event offers, with the
 * staff PIN that leaves it: shown to whoever holds `registrations:write` in the event (the BFF checks it
 * again). Starting signs the organiser out on this device (the hint says so).
 */
export function KioskStart({
  event,
  form,
}: {
  event: Pick<Event, 'id' | 'languages'>;
  form: Pick<EventForm, 'id' | 'title' | 'open'>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const mine = useLocale();
  const can = useActionAccess(event.id, apiRoutes.kiosk.start).allowed;
  const offered = LOCALES.filter((l) => event.languages.length === 0 || event.languages.includes(l));
  const [locale, setLocale] = useState<Locale>(offered.includes(mine) ? mine : (offered[0] ?? 'fr'));
  const start = useStartKioskMutation(event.id);
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState(false);
  if (!can || !form.open) return null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const ok = kioskPin.safeParse(pin).success;
    setPinError(!ok);
    if (ok) start.mutate({ formId: form.id, locale, pin });
  };
  return (
    <form className="event-form__kiosk" onSubmit={submit} noValidate>
      <p className="field__hint" id={`${id}-hint`}>
        {t('console.eventForms.kioskHint')}
      </p>
      <FieldShell
        label={t('console.eventForms.kioskPin')}
        hint={t('console.eventForms.kioskPinHint')}
        required
        error={pinError ? { type: 'pattern', message: msg.kioskPin } : undefined}
      >
        {({ inputId, describedBy, invalid }) => (
          <input
            id={inputId}
            className="input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            required
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={pin}
            onChange={(e) => setPin(e.target.value)}
          />
        )}
      </FieldShell>
      <div className="event-form__actions">
        <label htmlFor={`${id}-lang`}>{t('console.eventForms.kioskLanguage')}</label>
        <select
          id={`${id}-lang`}
          className="input select"
          value={locale}
          onChange={(e) => setLocale(e.target.value as Locale)}
        >
          {offered.map((l) => (
            <option key={l} value={l}>
              {t(`layout.languages.${l}`)}
            </option>
          ))}
        </select>
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          busy={start.isPending}
          aria-describedby={`${id}-hint`}
        >
          {t('console.eventForms.kioskStart', { title: form.title })}
        </Button>
      </div>
      <ErrorAlert error={start.error} />
    </form>
  );
}
