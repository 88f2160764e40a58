import {
  conflictsOf,
  endsAfterStart,
  type Panelist,
  type PlanningSession,
  SPEAKERS_MAX,
  type SessionBody,
  sessionFields,
  speakerOf,
} from '@evt/contracts/planning';
import { planningMsg } from '@evt/contracts/feature-messages';
import { msg, optionalText } from '@evt/contracts/validation';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { conflictText } from './conflict-text';

/** The form's own fields: panelists ticked by registration id, other speakers typed, comma separated. */
const schema = sessionFields
  .pick({ title: true, day: true, start: true, end: true, room: true })
  .extend({
    panelists: z.array(z.string()),
    others: optionalText(600),
  })
  .refine(endsAfterStart, { error: planningMsg.endBeforeStart, path: ['end'] })
  .refine((v) => v.panelists.length + splitNames(v.others).length <= SPEAKERS_MAX, {
    error: msg.tooLong,
    path: ['others'],
  });
type Values = z.input<typeof schema>;

const splitNames = (text: string | undefined) =>
  (text ?? '')
    .split(/[,;\n]/)
    .map((name) => name.trim())
    .filter(Boolean);

/** The body a form's values make: ticked panelists by registration, the typed names as free speakers. */
function toBody(values: Values, panelists: readonly Panelist[]): SessionBody {
  const ticked = panelists.filter((p) => values.panelists.includes(String(p.registrationId)));
  return {
    title: values.title,
    day: values.day,
    start: values.start,
    end: values.end,
    room: values.room,
    speakers: [
      ...ticked.map((p) => ({ registrationId: p.registrationId, name: p.name })),
      ...splitNames(values.others).map((name) => ({ registrationId: null, name })),
    ],
  };
}

const valuesOf = (session: PlanningSession | null, day: string): Values =>
  session
    ? {
        title: session.title,
        day: session.day,
        start: session.start,
        end: session.end,
        room: session.room,
        panelists: session.speakers.flatMap((s) =>
          s.registrationId === null ? [] : [String(s.registrationId)],
        ),
        others: session.speakers
          .filter((s) => s.registrationId === null)
          .map((s) => s.name)
          .join(', '),
      }
    : { title: '', day, start: '09:00', end: '10:00', room: '', panelists: [], others: '' };

/**
 * Creating or correcting a session. Clashes with the other sessions (a room or a speaker twice at once)
 * are shown while typing; saving one asks for a confirmation (the page's dialog). A refused save keeps
 * what was typed.
 */
export function SessionForm({
  session,
  defaultDay,
  sessions,
  panelists,
  rooms,
  busy,
  onSave,
  onCancel,
}: {
  session: PlanningSession | null;
  defaultDay: string;
  sessions: readonly PlanningSession[];
  panelists: readonly Panelist[];
  rooms: readonly string[];
  busy: boolean;
  onSave: (body: SessionBody, done: { ok: () => void; fail: (error: unknown) => void }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useApiForm(schema, {
    defaultValues: valuesOf(session, defaultDay),
    fields: ['title', 'day', 'start', 'end', 'room', 'speakers'],
  });
  const { register, watch, formError, submit, field, reset } = form;
  const values = watch();
  const candidate = toBody(values as Values, panelists);
  const conflicts =
    values.start && values.end && values.room
      ? conflictsOf(
          {
            id: session?.id ?? 0,
            day: values.day ?? '',
            start: values.start,
            end: values.end,
            room: values.room,
            speakers: (candidate.speakers ?? []).map(speakerOf),
          },
          sessions,
        )
      : [];
  const title = session
    ? t('planning.form.editTitle', { title: session.title })
    : t('planning.form.createTitle');
  return (
    <Form
      className="card planning-form"
      aria-labelledby={`${id}-title`}
      onSubmit={submit((v, fail) =>
        onSave(toBody(v, panelists), {
          ok: () => (session ? undefined : reset(valuesOf(null, v.day))),
          fail,
        }),
      )}
    >
      <h2 className="card__title" id={`${id}-title`}>
        {title}
      </h2>
      <FormAlert messageKey={formError} />
      <TextField label={t('planning.fields.title')} required {...field('title')} />
      <div className="form__grid">
        <TextField label={t('planning.fields.day')} type="date" required {...field('day')} />
        <TextField label={t('planning.fields.start')} type="time" step={300} required {...field('start')} />
        <TextField label={t('planning.fields.end')} type="time" step={300} required {...field('end')} />
        <TextField
          label={t('planning.fields.room')}
          required
          list={`${id}-rooms`}
          autoComplete="off"
          {...field('room')}
        />
        <datalist id={`${id}-rooms`}>
          {rooms.map((room) => (
            <option key={room} value={room} />
          ))}
        </datalist>
      </div>
      <fieldset className="fieldset">
        <legend>{t('planning.fields.panelists')}</legend>
        {panelists.length === 0 ? <p className="field__hint">{t('planning.form.noPanelists')}</p> : null}
        <ul className="checkbox-list">
          {panelists.map((p) => (
            <li key={p.registrationId}>
              <label className="checkbox">
                <input type="checkbox" value={String(p.registrationId)} {...register('panelists')} />
                <span>{p.name}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <TextField
        label={t('planning.fields.others')}
        hint={t('planning.form.othersHint')}
        {...field('others')}
      />
      {conflicts.length > 0 ? (
        <Alert
          tone="info"
          className="planning-form__conflicts"
          title={t('planning.conflicts.title', { count: conflicts.length })}
        >
          <ul>
            {conflicts.map((c) => (
              <li key={`${c.kind}-${c.with}-${c.kind === 'speaker' ? c.speaker : ''}`}>
                {conflictText(t, c, sessions)}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="form__row">
        <Button type="submit" busy={busy}>
          {session ? t('planning.form.save') : t('planning.form.create')}
        </Button>
        {session ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
