import { timeZones, utcOffset } from '@evt/contracts/event-time-zone';
import { LOCALES, type Locale, withMainFirst } from '@evt/contracts/locale';
import { createEventBody } from '@evt/contracts/upstream-events';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CountrySelectField } from '../../../components/country-select-field';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { contractKey } from '../../../lib/i18n/keys';

// the limits are the contract's; the dates differ (date inputs here, datetimes in the body), and an empty
// time input is the body's null
const fields = createEventBody.shape;
const timeInput = z.string().regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/, { error: 'validation.timeOfDay' });
/** An event's fields as the creation and the information page edit them (refine with `datesInOrder`). */
export const eventFieldsSchema = z.object({
  name: fields.name,
  startDate: z.string().min(1, { error: 'validation.datesRequired' }),
  endDate: z.string().min(1, { error: 'validation.datesRequired' }),
  startTime: timeInput,
  endTime: timeInput,
  timeZone: fields.timeZone,
  venue: fields.venue,
  city: fields.city,
  country: fields.country,
  description: fields.description,
  status: z.enum(['draft', 'published', 'archived']),
  languages: z.array(z.enum(LOCALES)).min(1, { error: 'validation.atLeastOne' }),
  /** the language the name and description are written in; stored as the first of `languages` */
  mainLanguage: z.enum(LOCALES),
  translations: fields.translations,
});

/** The languages as the event stores them: the main one first (see `mainLocaleOf`). */
export const eventLanguagesOf = (v: { languages: readonly Locale[]; mainLanguage: Locale }) =>
  withMainFirst(v.languages, v.mainLanguage);
export const datesInOrder: [
  (v: { startDate: string; endDate: string }) => boolean,
  { path: string[]; error: 'validation.dateOrder' },
] = [
  (v) => !v.startDate || !v.endDate || v.endDate >= v.startDate,
  { path: ['endDate'], error: 'validation.dateOrder' },
];
/** On a one-day event, the closing time after the opening one. */
export const timesInOrder: [
  (v: { startDate: string; endDate: string; startTime: string; endTime: string }) => boolean,
  { path: string[]; error: 'validation.dateOrder' },
] = [
  (v) => v.startDate !== v.endDate || !v.startTime || !v.endTime || v.endTime > v.startTime,
  { path: ['endTime'], error: 'validation.dateOrder' },
];
/** The event's fields with their dates and times in order: the information page's form. */
export const eventSchema = eventFieldsSchema.refine(...datesInOrder).refine(...timesInOrder);
/** The fields whose server errors land on their input. */
export const EVENT_FIELDS = [
  'name',
  'startDate',
  'endDate',
  'startTime',
  'endTime',
  'timeZone',
  'venue',
  'city',
  'country',
  'description',
  'languages',
] as const;
type TranslatedField = `translations.${Locale}.${'name' | 'description'}`;
type EventField = (typeof EVENT_FIELDS)[number] | 'status' | 'mainLanguage' | TranslatedField;

/** A day's event: from the start of the first day to the end of the last (UTC). */
export const dayStart = (date: string) => `${date}T00:00:00Z`;
export const dayEnd = (date: string) => `${date}T23:59:00Z`;
/** An empty time input: no time said, a whole day. */
export const timeOrNull = (time: string) => time || null;

/** The zones offered, each with its offset today ("Asia/Tokyo (UTC+9)"), sorted by name; built once. */
let zoneOptions: { value: string; label: string }[] | undefined;
function timeZoneOptions() {
  const now = new Date();
  zoneOptions ??= [...timeZones()]
    .sort()
    .map((zone) => ({ value: zone, label: `${zone.replaceAll('_', ' ')} (${utcOffset(now, zone)})` }));
  return zoneOptions;
}

/** The event's fields, each labelled with its error announced; `field(name)` is useApiForm's. */
export function EventFields({
  field,
  statuses,
  chosenLanguages,
  mainLanguage,
}: {
  field: (name: EventField) => { registration: UseFormRegisterReturn; error: FieldError | undefined };
  /** the statuses offered; none: the status is not edited here (the information page has its own panel) */
  statuses: readonly ('draft' | 'published' | 'archived')[];
  /** the languages ticked and the main one chosen now (watched): the others get their own name and description */
  chosenLanguages: readonly Locale[];
  mainLanguage: Locale;
}) {
  const { t } = useTranslation();
  const languages = field('languages');
  const ordered = withMainFirst(chosenLanguages, mainLanguage);
  const languagesError = languages.error?.message;
  return (
    <>
      <TextField label={t('console.fields.name')} required {...field('name')} />
      <div className="form__row">
        <TextField label={t('console.addEvent.startDate')} type="date" required {...field('startDate')} />
        <TextField label={t('console.addEvent.endDate')} type="date" required {...field('endDate')} />
      </div>
      <div className="form__row">
        <TextField
          label={t('console.addEvent.startTime')}
          hint={t('console.addEvent.timeHint')}
          type="time"
          {...field('startTime')}
        />
        <TextField
          label={t('console.addEvent.endTime')}
          hint={t('console.addEvent.timeHint')}
          type="time"
          {...field('endTime')}
        />
        <SelectField
          label={t('console.addEvent.timeZone')}
          hint={t('console.addEvent.timeZoneHint')}
          required
          options={timeZoneOptions()}
          {...field('timeZone')}
        />
      </div>
      <div className="form__row">
        <TextField label={t('dashboard.venue')} {...field('venue')} />
        <TextField label={t('console.addEvent.city')} {...field('city')} />
        <CountrySelectField autoComplete="off" {...field('country')} />
      </div>
      <TextAreaField label={t('console.fields.description')} rows={4} {...field('description')} />
      {statuses.length > 0 ? (
        <SelectField
          label={t('console.addEvent.status')}
          options={statuses.map((status) => ({ value: status, label: t(`events.status.${status}`) }))}
          {...field('status')}
        />
      ) : null}
      <fieldset className="fieldset" aria-describedby={languagesError ? 'languages-error' : undefined}>
        <legend className="field__label">{t('console.addEvent.languages')}</legend>
        {LOCALES.map((lng) => (
          <label key={lng} className="checkbox">
            <input type="checkbox" value={lng} {...languages.registration} /> {t(`layout.languages.${lng}`)}
          </label>
        ))}
        {languagesError ? (
          <p id="languages-error" className="field__error" role="alert">
            {t(contractKey(languagesError, 'validation.invalidInput'))}
          </p>
        ) : null}
      </fieldset>
      {ordered.length > 1 ? (
        <SelectField
          label={t('console.addEvent.mainLanguage')}
          hint={t('console.addEvent.mainLanguageHint')}
          options={ordered.map((lng) => ({ value: lng, label: t(`layout.languages.${lng}`) }))}
          {...field('mainLanguage')}
        />
      ) : null}
      <EventTranslationFields field={field} languages={ordered} />
    </>
  );
}

/**
 * The name and description in each chosen language after the main one (one language per page). A
 * language left empty is said to fall back, here where the organiser can fill it; visitors see the main
 * language's text marked as such.
 */
function EventTranslationFields({
  field,
  languages,
}: {
  field: (name: TranslatedField) => { registration: UseFormRegisterReturn; error: FieldError | undefined };
  /** main first */
  languages: readonly Locale[];
}) {
  const { t } = useTranslation();
  const [main, ...others] = languages;
  if (!main || others.length === 0) return null;
  const mainName = t(`eventLanguages.names.${main}`);
  return (
    <fieldset className="fieldset">
      <legend className="field__label">{t('eventLanguages.legend', { language: mainName })}</legend>
      {others.map((locale) => {
        const language = t(`eventLanguages.names.${locale}`);
        return (
          <div key={locale} className="stack">
            <TextField
              lang={locale}
              label={t('eventLanguages.name', { language })}
              hint={t('eventLanguages.fallback', { language, main: mainName })}
              {...field(`translations.${locale}.name`)}
            />
            <TextAreaField
              lang={locale}
              label={t('eventLanguages.description', { language })}
              rows={3}
              {...field(`translations.${locale}.description`)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
