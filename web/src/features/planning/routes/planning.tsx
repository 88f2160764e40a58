import '../planning.css';
import {
  type Conflict,
  conflictsOf,
  type PlanningSession,
  type SessionBody,
  speakerOf,
} from '@evt/contracts/planning';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { API_PREFIX } from '../../../lib/api-client';
import { useLocalePath } from '../../../lib/locale-path';
import { useEvent } from '../../../lib/queries/event';
import { useDeleteSessionMutation, usePlanningBoard, useSaveSessionMutation } from '../api/planning';
import { conflictText } from '../components/conflict-text';
import { type Place, ScheduleGrid } from '../components/schedule-grid';
import { SessionForm } from '../components/session-form';
import { eventDays, movedTo } from '../lib/times';

type Done = { ok: () => void; fail: (error: unknown) => void };
/** A save waiting for the organiser's confirmation of its clashes. */
type Pending = { id: number | null; body: SessionBody; conflicts: Conflict[]; done?: Done | undefined };

const placed = (id: number, body: SessionBody) => ({
  id,
  day: body.day,
  start: body.start,
  end: body.end,
  room: body.room,
  speakers: (body.speakers ?? []).map(speakerOf),
});
const bodyOf = (s: PlanningSession): SessionBody => ({
  title: s.title,
  day: s.day,
  start: s.start,
  end: s.end,
  room: s.room,
  speakers: s.speakers,
});

/** `/events/planning-{eventId}`: the event's programme, its sessions placed by day, time and room. */
export function PlanningPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const event = useEvent(eventId);
  const board = usePlanningBoard(eventId);
  const save = useSaveSessionMutation(eventId);
  const remove = useDeleteSessionMutation(eventId);
  const [editing, setEditing] = useState<PlanningSession | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [deleting, setDeleting] = useState<PlanningSession | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [moveError, setMoveError] = useState<unknown>(null);
  const formRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(t('planning.title'));

  const sessions = board.data?.sessions ?? [];
  const rooms = useMemo(() => [...new Set(sessions.map((s) => s.room))], [sessions]);
  const days = useMemo(
    () => (event.data ? eventDays(event.data.startDate, event.data.endDate, sessions) : []),
    [event.data, sessions],
  );
  const conflicts = useMemo(
    () => new Map(sessions.map((s) => [s.id, conflictsOf(s, sessions)] as const)),
    [sessions],
  );
  const clashing = [...conflicts.values()].filter((c) => c.length > 0).length;

  /** Saves now, or first asks when the session clashes (and again when the upstream finds a clash). */
  const submit = (id: number | null, body: SessionBody, done?: Done) => {
    const found = conflictsOf(placed(id ?? 0, body), sessions);
    if (found.length > 0 && !body.confirmConflicts) return setPending({ id, body, conflicts: found, done });
    setMoveError(null);
    save.mutate(
      { id, body },
      {
        onSuccess: (saved) => {
          setPending(null);
          setAnnouncement(
            t('planning.saved', { title: saved.title, start: saved.start, end: saved.end, room: saved.room }),
          );
          if (id !== null && editing?.id === id) setEditing(null);
          done?.ok();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409 && !body.confirmConflicts) {
            void board.refetch();
            save.reset();
            return setPending({ id, body, conflicts: found, done });
          }
          setPending(null);
          if (done) done.fail(error);
          else setMoveError(error);
        },
      },
    );
  };

  const move = (session: PlanningSession, to: Place) => {
    const moved = movedTo({ ...bodyOf(session), day: to.day, room: to.room }, to.start);
    if (!moved) return setAnnouncement(t('planning.moveRefused', { title: session.title }));
    submit(session.id, moved);
  };

  const edit = (session: PlanningSession) => {
    setEditing(session);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('input')?.focus());
  };

  return (
    <EventLayout event={event.data}>
      <div className="page planning">
        <div className="page__header">
          <h1>{t('planning.title')}</h1>
          {event.data ? (
            <p className="planning__links">
              <a href={lp(`/events/${eventId}/programme`)}>{t('planning.publicPage')}</a>{' '}
              <a href={`${API_PREFIX}/public/events/${eventId}/programme.ics`} download>
                {t('planning.ics')}
              </a>
            </p>
          ) : null}
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
        <ErrorAlert error={event.error ?? board.error ?? moveError} />
        {board.isPending || event.isPending ? <PageSpinner /> : null}
        {board.data && event.data ? (
          <>
            {clashing > 0 ? (
              <p className="planning__summary" role="status">
                {t('planning.conflicts.summary', { count: clashing })}
              </p>
            ) : null}
            <div ref={formRef}>
              <SessionForm
                key={editing?.id ?? 'new'}
                session={editing}
                defaultDay={days[0] ?? new Date().toISOString().slice(0, 10)}
                sessions={sessions}
                panelists={board.data.panelists}
                rooms={rooms}
                busy={save.isPending}
                onSave={(body, done) => submit(editing?.id ?? null, body, done)}
                onCancel={() => setEditing(null)}
              />
            </div>
            <ScheduleGrid
              days={days}
              rooms={rooms}
              sessions={sessions}
              conflicts={conflicts}
              onMove={move}
              onEdit={edit}
              onDelete={setDeleting}
            />
          </>
        ) : null}
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={t('planning.confirm.title')}
        description={[
          t('planning.confirm.description'),
          ...(pending?.conflicts ?? []).map((c) => conflictText(t, c, sessions)),
        ].join(' ')}
        confirmLabel={t('planning.confirm.save')}
        tone="primary"
        busy={save.isPending}
        error={pending ? save.error : null}
        onConfirm={() =>
          pending && submit(pending.id, { ...pending.body, confirmConflicts: true }, pending.done)
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('planning.delete.title', { title: deleting?.title ?? '' })}
        description={t('planning.delete.description', { title: deleting?.title ?? '' })}
        confirmLabel={t('planning.delete.confirm', { title: deleting?.title ?? '' })}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setAnnouncement(t('planning.deleted', { title: deleting.title }));
              if (editing?.id === deleting.id) setEditing(null);
              setDeleting(null);
            },
          })
        }
      />
    </EventLayout>
  );
}
