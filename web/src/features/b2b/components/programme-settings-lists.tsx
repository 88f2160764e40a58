import type { ProgrammeSettings } from '@evt/contracts/b2b';
import { type ReactNode, useId } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { contractKey } from '../../../lib/i18n/keys';
import { dayAfter, errorAt, type ProgrammeSettingsFormValues } from './programme-settings-values';

type ListProps = {
  control: Control<ProgrammeSettingsFormValues, unknown, ProgrammeSettings>;
  register: UseFormRegister<ProgrammeSettingsFormValues>;
  errors: FieldErrors<ProgrammeSettingsFormValues>;
  /** the contract's longest list */
  max: number;
};

/** each list's words: its legend, its add button, each row's remove button ("Remove day 2") */
const LIST_KEYS = {
  days: { legend: 'days', add: 'addDay', remove: 'removeDay' },
  breaks: { legend: 'breaks', add: 'addBreak', remove: 'removeBreak' },
} as const;

/**
 * A list of settings (days, breaks) as a group: its rows, each with its remove button, the list's own
 * error (none, too many, out of order) announced and describing the group, and the button that adds a row
 * while the contract has room for one.
 */
function SettingsList(props: {
  name: keyof typeof LIST_KEYS;
  errors: FieldErrors<ProgrammeSettingsFormValues>;
  rows: { id: string }[];
  max: number;
  row: (index: number) => ReactNode;
  onRemove: (index: number) => void;
  onAdd: () => void;
  /** what the group says before its rows (the list being empty) */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const keys = LIST_KEYS[props.name];
  const error = errorAt(props.errors, props.name);
  return (
    <fieldset className="b2b-settings__list" aria-describedby={error ? `${id}-err` : undefined}>
      <legend>{t(`b2b.programme.settings.${keys.legend}`)}</legend>
      {props.children}
      {props.rows.map((row, index) => (
        <div key={row.id} className="b2b-settings__row">
          {props.row(index)}
          <Button
            variant="secondary"
            aria-label={t(`b2b.programme.settings.${keys.remove}`, { n: index + 1 })}
            onClick={() => props.onRemove(index)}
          >
            {t('b2b.programme.settings.remove')}
          </Button>
        </div>
      ))}
      {error ? (
        <p className="field__error" id={`${id}-err`} role="alert">
          {t(contractKey(error.message, 'validation.invalidInput'))}
        </p>
      ) : null}
      {props.rows.length < props.max ? (
        <Button variant="secondary" onClick={props.onAdd}>
          {t(`b2b.programme.settings.${keys.add}`)}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** The programme's days, one date picker each; a new day proposes the day after the last one. */
export function DaysField({
  control,
  register,
  errors,
  max,
  lastDay,
}: ListProps & { lastDay: () => string | undefined }) {
  const { t } = useTranslation();
  const days = useFieldArray({ control, name: 'days' });
  return (
    <SettingsList
      name="days"
      errors={errors}
      rows={days.fields}
      max={max}
      onRemove={days.remove}
      onAdd={() => days.append({ date: dayAfter(lastDay()) })}
      row={(index) => (
        <TextField
          type="date"
          label={t('b2b.programme.settings.day', { n: index + 1 })}
          registration={register(`days.${index}.date`)}
          error={errorAt(errors, `days.${index}`) ?? errorAt(errors, `days.${index}.date`)}
        />
      )}
    />
  );
}

/** The breaks, each a start and an end time picker. */
export function BreaksField({ control, register, errors, max }: ListProps) {
  const { t } = useTranslation();
  const breaks = useFieldArray({ control, name: 'breaks' });
  return (
    <SettingsList
      name="breaks"
      errors={errors}
      rows={breaks.fields}
      max={max}
      onRemove={breaks.remove}
      onAdd={() => breaks.append({ start: '12:00', end: '13:00' })}
      row={(index) =>
        (['start', 'end'] as const).map((end) => (
          <TextField
            key={end}
            type="time"
            label={t(`b2b.programme.settings.${end === 'start' ? 'breakStart' : 'breakEnd'}`, {
              n: index + 1,
            })}
            registration={register(`breaks.${index}.${end}`)}
            error={errorAt(errors, `breaks.${index}.${end}`)}
          />
        ))
      }
    >
      {breaks.fields.length === 0 ? <p className="muted">{t('b2b.programme.settings.noBreak')}</p> : null}
    </SettingsList>
  );
}
