import { B2B_PROFILE_TYPES } from '@evt/contracts/constants';
import { REGISTRATION_KINDS, REGISTRATION_STATUSES } from '@evt/contracts/forms/kinds';
import { LOCALES, type Locale } from '@evt/contracts/locale';
import {
  CHECKED_IN_FILTERS,
  MAILING_PLACEHOLDERS,
  type Mailing,
  type MailingBody,
  mailingBody,
  unknownPlaceholders,
} from '@evt/contracts/mailings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextAreaField, TextField } from '../../../components/ui/form';
import { useEvent } from '../../../lib/queries/event';
import { useApiForm } from '../../../lib/use-api-form';
import { useSaveMailingMutation } from '../api/mailings';
import { MailingPreview } from './mailing-preview';
import { SendPanel } from './send-panel';

const EMPTY: MailingBody = {
  audience: { kinds: [], statuses: ['confirmed'], profileTypes: [] },
  content: {
    fr: { subject: '', body: '' },
    en: { subject: '', body: '' },
    ja: { subject: '', body: '' },
  },
};
const FIELDS = [
  'audience',
  ...LOCALES.flatMap((l) => [`content.${l}.subject`, `content.${l}.body`]),
] as const;

/** A draft: its audience, its subject and body per language, its preview, a test, and sending. */
export function MailingComposer({
  eventId,
  mailing,
  onSaved,
  onDone,
}: {
  eventId: number;
  mailing: Mailing | null;
  onSaved: (mailing: Mailing) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveMailingMutation(eventId);
  const [saved, setSaved] = useState(false);
  const form = useApiForm(mailingBody, {
    defaultValues: mailing
      ? { audience: mailing.audience, content: { ...EMPTY.content, ...mailing.content } }
      : EMPTY,
    fields: FIELDS,
  });
  // the event's languages are written; another one (a visitor who registered in it) is added on demand
  const event = useEvent(eventId);
  const [added, setAdded] = useState<Locale[]>(() => LOCALES.filter((locale) => mailing?.content[locale]));
  const shown = LOCALES.filter(
    (locale) => (event.data?.languages ?? LOCALES).includes(locale) || added.includes(locale),
  );
  const { register, submit, formError, field, watch, getValues } = form;
  const persist = (values: MailingBody, fail: (e: unknown) => void, then?: (m: Mailing) => void) =>
    save.mutate(
      { id: mailing?.id ?? null, body: values },
      {
        onSuccess: (m) => {
          if (!m) return;
          setSaved(true);
          onSaved(m);
          then?.(m);
        },
        onError: fail,
      },
    );
  const checkboxes = (
    name: 'kinds' | 'statuses' | 'profileTypes',
    values: readonly string[],
    label: (v: string) => string,
  ) => (
    <fieldset className="field">
      <legend className="field__label">{t(`mailings.audience.${name}`)}</legend>
      <div className="form__row">
        {values.map((value) => (
          <label key={value}>
            <input type="checkbox" value={value} {...register(`audience.${name}`)} /> {label(value)}
          </label>
        ))}
      </div>
    </fieldset>
  );
  return (
    <Form aria-label={t('mailings.new')} onSubmit={submit((values, fail) => persist(values, fail))}>
      <FormAlert messageKey={formError} />
      <fieldset className="card">
        <legend className="card__title">{t('mailings.audience.legend')}</legend>
        <p className="field__hint">{t('mailings.audience.allHint')}</p>
        {checkboxes('kinds', REGISTRATION_KINDS, (v) =>
          t(`mailings.kinds.${v as (typeof REGISTRATION_KINDS)[number]}`),
        )}
        {checkboxes('statuses', REGISTRATION_STATUSES, (v) =>
          t(`enums.registrationStatuses.${v as (typeof REGISTRATION_STATUSES)[number]}`),
        )}
        {checkboxes('profileTypes', B2B_PROFILE_TYPES, (v) =>
          t(`enums.b2bProfileTypes.${v as (typeof B2B_PROFILE_TYPES)[number]}`),
        )}
        <div className="field">
          <label className="field__label" htmlFor="mailing-checked-in">
            {t('mailings.audience.checkedIn.label')}
          </label>
          <select
            id="mailing-checked-in"
            {...register('audience.checkedIn', { setValueAs: (v: string) => v || undefined })}
          >
            <option value="">{t('mailings.audience.checkedIn.any')}</option>
            {CHECKED_IN_FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`mailings.audience.checkedIn.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <p className="field__hint">
        {t('mailings.content.placeholders', { list: MAILING_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ') })}
      </p>
      <p className="field__hint">{t('mailings.content.languagesHint')}</p>
      {shown.map((locale: Locale) => {
        const unknown = unknownPlaceholders(
          `${watch(`content.${locale}.subject`)} ${watch(`content.${locale}.body`)}`,
        );
        return (
          <fieldset key={locale} className="card" lang={locale}>
            <legend className="card__title">
              {t('mailings.content.legend', { language: t(`mailings.languages.${locale}`) })}
            </legend>
            <TextField label={t('mailings.content.subject')} {...field(`content.${locale}.subject`)} />
            <TextAreaField label={t('mailings.content.body')} rows={8} {...field(`content.${locale}.body`)} />
            {unknown.length ? (
              <p className="field__error" role="alert">
                {t('mailings.content.unknown', { names: unknown.map((n) => `{{${n}}}`).join(', ') })}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      {shown.length < LOCALES.length ? (
        <div className="form__row">
          {LOCALES.filter((locale) => !shown.includes(locale)).map((locale) => (
            <Button key={locale} variant="secondary" onClick={() => setAdded([...added, locale])}>
              {t('mailings.content.add', { language: t(`mailings.languages.${locale}`) })}
            </Button>
          ))}
        </div>
      ) : null}
      <div className="form__row">
        <Button type="submit" busy={save.isPending}>
          {t('mailings.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('mailings.back')}
        </Button>
        {saved ? <p role="status">{t('mailings.saved')}</p> : null}
      </div>
      <MailingPreview eventId={eventId} values={getValues} />
      <SendPanel
        eventId={eventId}
        saveFirst={(then) => submit((values, fail) => persist(values, fail, then))()}
        values={getValues}
      />
    </Form>
  );
}
