import {
  B2B_ONLINE_PLATFORMS,
  PROGRAMME_BREAKS_MAX,
  PROGRAMME_DAYS_MAX,
  type ProgrammeSettings,
} from '@evt/contracts/b2b';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useSaveSettings } from '../api/programme';
import { BreaksField, DaysField } from './programme-settings-lists';
import { boundsOf, errorAt, formValuesOf, programmeSettingsForm } from './programme-settings-values';

const FIELDS = [
  'days',
  'dayStart',
  'dayEnd',
  'slotMinutes',
  'breaks',
  'tables',
  'requestCap',
  'meetingQuota',
];

/**
 * Days, hours, slot length, breaks, tables and the request rules: date and time pickers, number inputs
 * bounded as the contract bounds them, each error on its field. Parsed by the contract's schema first.
 */
export function ProgrammeSettingsForm({
  eventId,
  settings,
}: {
  eventId: number;
  settings: ProgrammeSettings;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveSettings(eventId);
  const form = useApiForm(programmeSettingsForm, { defaultValues: formValuesOf(settings), fields: FIELDS });
  const { errors } = form.formState;
  const number = (name: 'slotMinutes' | 'requestCap' | 'meetingQuota') => {
    const bounds = boundsOf(name);
    return (
      <TextField
        type="number"
        inputMode="numeric"
        {...bounds}
        label={t(`b2b.programme.settings.${name}`)}
        hint={t('b2b.programme.settings.between', bounds)}
        registration={form.register(name, { valueAsNumber: true })}
        error={errorAt(errors, name)}
      />
    );
  };
  const time = (name: 'dayStart' | 'dayEnd') => (
    <TextField type="time" label={t(`b2b.programme.settings.${name}`)} {...form.field(name)} />
  );
  const lists = { control: form.control, register: form.register, errors };
  return (
    <Form
      className="b2b-form"
      aria-labelledby={`${id}-h`}
      onSubmit={form.submit((values, fail) =>
        // the request caps and the link note are saved by their own forms: the latest ones are kept
        save.mutate(
          { ...values, companyCaps: settings.companyCaps, onlineLinkNote: settings.onlineLinkNote },
          { onError: fail },
        ),
      )}
    >
      <h2 id={`${id}-h`}>{t('b2b.programme.settings.title')}</h2>
      <DaysField {...lists} max={PROGRAMME_DAYS_MAX} lastDay={() => form.getValues('days').at(-1)?.date} />
      <div className="form__row">
        {time('dayStart')}
        {time('dayEnd')}
      </div>
      {number('slotMinutes')}
      <BreaksField {...lists} max={PROGRAMME_BREAKS_MAX} />
      <TextAreaField
        label={t('b2b.programme.settings.tables')}
        hint={t('b2b.programme.settings.tablesHint')}
        rows={6}
        registration={form.register('tables')}
        error={errorAt(errors, 'tables', true)}
      />
      <div className="field field--check">
        <input id={`${id}-mutual`} type="checkbox" {...form.register('mutualAcceptance')} />
        <label htmlFor={`${id}-mutual`}>{t('b2b.programme.settings.mutualAcceptance')}</label>
      </div>
      {number('requestCap')}
      {number('meetingQuota')}
      <SelectField
        label={t('b2b.programme.settings.onlinePlatform')}
        hint={t('b2b.programme.settings.onlinePlatformHint')}
        options={B2B_ONLINE_PLATFORMS.map((p) => ({
          value: p,
          label: t(`b2b.programme.settings.platforms.${p}`),
        }))}
        {...form.field('onlinePlatform')}
      />
      <Button type="submit" busy={save.isPending}>
        {t('b2b.programme.settings.save')}
      </Button>
      {save.isSuccess ? <Alert tone="success">{t('b2b.programme.settings.saved')}</Alert> : null}
      <FormAlert messageKey={form.formError} />
    </Form>
  );
}
