import {
  type Meeting,
  type MeetingInput,
  type MeetingPlatform,
  meetingInputAt,
} from '@evt/contracts/meetings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Form, TextAreaField, TextField } from '../../../components/ui/form';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useApiForm } from '../../../lib/use-api-form';
import { CalendarErrorAlert } from './calendar-error';

const FIELDS = ['title', 'date', 'time', 'duration', 'description', 'participants', 'host'] as const;

const initialOf = (meeting: Meeting | null, host: string): MeetingInput => ({
  title: meeting?.title ?? '',
  date: meeting?.date ?? '',
  time: meeting?.time ?? '',
  duration: meeting?.duration ?? 60,
  description: meeting?.description ?? '',
  participants: meeting ? meeting.participants.filter((p) => p !== meeting.host).join(', ') : '',
  host: meeting?.host ?? host,
});

/**
 * Create or edit a meeting. The same rules as the BFF's run here first (a meeting in the past, a duration
 * of zero or over 24 hours, no valid participant, a title over the limit); a refusal keeps what was typed.
 */
export function MeetingForm({
  platform,
  meeting,
  defaultHost,
  busy,
  onSubmit,
  onCancel,
}: {
  platform: MeetingPlatform;
  meeting: Meeting | null;
  defaultHost: string;
  busy: boolean;
  onSubmit: (input: MeetingInput, done: { ok: () => void; fail: (error: unknown) => void }) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useApiForm(
    meetingInputAt(() => Date.now(), platform),
    { defaultValues: initialOf(meeting, defaultHost), fields: FIELDS },
  );
  const { field, submit, reset } = form;
  const title = meeting ? t('meetings.form.editTitle') : t('meetings.form.createTitle');
  return (
    <Form
      className="card"
      aria-label={title}
      onSubmit={submit((values) => {
        setFailure(null);
        onSubmit(values, {
          ok: () => reset(initialOf(null, defaultHost)),
          fail: (error) => {
            if (!applyServerFieldErrors(error, form.setError, FIELDS)) setFailure(error);
          },
        });
      })}
    >
      <h2 className="card__title">{title}</h2>
      <CalendarErrorAlert error={failure} />
      <TextField label={t('meetings.form.title')} required {...field('title')} />
      <div className="form__row">
        <TextField label={t('meetings.form.date')} type="date" required {...field('date')} />
        <TextField label={t('meetings.form.time')} type="time" required {...field('time')} />
        <TextField
          label={t('meetings.form.duration')}
          type="number"
          min={1}
          max={1440}
          inputMode="numeric"
          required
          {...field('duration')}
        />
      </div>
      <TextField
        label={t('meetings.form.host')}
        type="email"
        autoComplete="email"
        required
        {...field('host')}
      />
      <TextAreaField
        label={t('meetings.form.participants')}
        rows={2}
        hint={
          platform === 'zoom' ? t('meetings.form.zoomParticipantsHint') : t('meetings.form.participantsHint')
        }
        required={platform === 'google_meet'}
        {...field('participants')}
      />
      <TextAreaField label={t('meetings.form.description')} rows={3} {...field('description')} />
      <div className="form__row">
        <Button type="submit" busy={busy}>
          {meeting ? t('meetings.form.save') : t('meetings.form.create')}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('meetings.form.cancel')}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
