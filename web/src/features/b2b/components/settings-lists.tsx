import type { ProgrammeSettings } from '@evt/contracts/b2b';
import { type ReactNode, useId } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { contractKey } from '../../../lib/i18n/keys';
import { dayAfter, errorAt, type SettingsFormValues } from './settings-values';

type ListProps = {
  control: Control<SettingsFormValues, unknown, ProgrammeSettings>;
  register: UseFormRegister<SettingsFormValues>;
  errors: FieldErrors<SettingsFormValues>;
  /** the contract's longest list */
  max: number;
};

/**
 * A list of settings (days, breaks) as a group: its rows, the list's own error (none, too many, out of
 * order) announced and describing the group, and the button that adds a row while there is room.
 */
function SettingsList(props: {
  legend: string;
  errors: FieldErrors<SettingsFormValues>;
  name: 'days' | 'breaks';
  /** what the group says before its rows (the list being empty) */
  children?: ReactNode;
  rows: { id: string }[];
  row: (index: number) => ReactNode;
  /** "Remove day 2": each remove button is named after its row */
  removeLabel: (index: number) => string;
  onRemove: (index: number) => void;
  add: { label: string; onAdd: () => void } | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const error = errorAt(props.errors, props.name);
  return (
    <fieldset className="b2b-settings__list" aria-describedby={error ? `${id}-err` : undefined}>
      <legend>{props.legend}</legend>
      {props.children}
      {props.rows.map((row, index) => (
        <div key={row.id} className="b2b-settings__row">
          {props.row(index)}
          <Button
            variant="secondary"
            aria-label={props.removeLabel(index)}
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
      {props.add ? (
        <Button variant="secondary" onClick={props.add.onAdd}>
          {props.add.label}
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
  const add = {
    label: t('b2b.programme.settings.addDay'),
    onAdd: () => days.append({ date: dayAfter(lastDay()) }),
  };
  return (
    <SettingsList
      legend={t('b2b.programme.settings.days')}
      errors={errors}
      name="days"
      add={days.fields.length < max ? add : null}
      rows={days.fields}
      removeLabel={(index) => t('b2b.programme.settings.removeDay', { n: index + 1 })}
      onRemove={days.remove}
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
  const add = {
    label: t('b2b.programme.settings.addBreak'),
    onAdd: () => breaks.append({ start: '12:00', end: '13:00' }),
  };
  return (
    <SettingsList
      legend={t('b2b.programme.settings.breaks')}
      errors={errors}
      name="breaks"
      add={breaks.fields.length < max ? add : null}
      rows={breaks.fields}
      removeLabel={(index) => t('b2b.programme.settings.removeBreak', { n: index + 1 })}
      onRemove={breaks.remove}
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
