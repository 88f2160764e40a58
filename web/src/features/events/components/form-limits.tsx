import { eventTimeZone, wallClock, zonedDateTime } from '@evt/contracts/event-time-zone';
import type { Event } from '@evt/contracts/events';
import { type EventForm, formLimitsBody, PROMOTION_HOURS_DEFAULT } from '@evt/contracts/upstream-automation';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useSaveEventFormMutation } from '../api/event-forms';

/** `2027-03-01T18:00` in the event's zone, for a `datetime-local` input, from an instant. */
function wallClockIn(iso: string, timeZone: string): string {
  const { date, time } = wallClock(new Date(iso), timeZone);
  return `${date}T${time}`;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : Number(value));

/**
 * The inputs' text turned into the contract's limits (formLimitsBody validates them): an empty capacity is
 * "no limit", an empty date "never closes"; the date is a wall-clock time in the event's time zone.
 */
const limitsSchema = (timeZone: string) =>
  z.object({
    capacity: z.string().transform(blankToNull).pipe(formLimitsBody.shape.capacity.unwrap()),
    closesAt: z
      .string()
      .transform((value) => {
        const [day, time] = value.split('T');
        if (!value) return null;
        return day && time ? zonedDateTime(day, time.slice(0, 5), timeZone) : value;
      })
      .pipe(formLimitsBody.shape.closesAt.unwrap()),
    waitlist: z.boolean(),
    promotionHours: z.string().transform(Number).pipe(formLimitsBody.shape.promotionHours.unwrap()),
  });

/**
 * A form's places (docs/decisions/registration.md): how many, until when, and whether a full form keeps
 * a waiting list whose promoted people have so many hours to confirm.
 */
export function FormLimits({
  event,
  form,
  done,
}: {
  event: Pick<Event, 'id' | 'timeZone'>;
  form: EventForm;
  done: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveEventFormMutation(event.id);
  const timeZone = eventTimeZone(event);
  const { submit, formError, field, register } = useApiForm(limitsSchema(timeZone), {
    fields: ['capacity', 'closesAt', 'waitlist', 'promotionHours'],
    defaultValues: {
      capacity: form.capacity == null ? '' : String(form.capacity),
      closesAt: form.closesAt ? wallClockIn(form.closesAt, timeZone) : '',
      waitlist: form.waitlist ?? false,
      promotionHours: String(form.promotionHours ?? PROMOTION_HOURS_DEFAULT),
    },
  });
  const onSubmit = submit((limits, fail) =>
    save.mutate({ ...form, limits }, { onSuccess: done, onError: fail }),
  );
  return (
    <Form onSubmit={onSubmit} aria-label={t('console.eventForms.limits.label', { title: form.title })}>
      <FormAlert messageKey={formError} />
      <TextField
        label={t('console.eventForms.limits.capacity')}
        hint={t('console.eventForms.limits.capacityHint')}
        type="number"
        inputMode="numeric"
        min={0}
        autoFocus
        {...field('capacity')}
      />
      <TextField
        label={t('console.eventForms.limits.closesAt')}
        hint={t('console.eventForms.limits.closesAtHint', { zone: timeZone })}
        type="datetime-local"
        {...field('closesAt')}
      />
      <label className="choice">
        <input type="checkbox" className="checkbox" {...register('waitlist')} />
        <span>{t('console.eventForms.limits.waitlist')}</span>
      </label>
      <TextField
        label={t('console.eventForms.limits.promotionHours')}
        hint={t('console.eventForms.limits.promotionHoursHint')}
        type="number"
        inputMode="numeric"
        min={1}
        required
        {...field('promotionHours')}
      />
      <div className="event-form__actions">
        <Button type="submit" size="sm" busy={save.isPending}>
          {t('console.eventForms.limits.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={done}>
          {t('common.cancel')}
        </Button>
      </div>
    </Form>
  );
}
