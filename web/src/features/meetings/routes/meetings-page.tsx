import type { Meeting, MeetingPlatform } from '@evt/contracts/meetings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventLayout } from '../../../components/layout/event-layout';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { useEvent } from '../../../lib/queries/event';
import { useMemberNames } from '../../../lib/queries/organization';
import { useMe } from '../../../lib/session/me';
import { showToast } from '../../../lib/toast';
import { useDeleteMeetingMutation, useMeetings, useSaveMeetingMutation } from '../api/meetings';
import { CalendarErrorAlert } from '../components/calendar-error';
import { GoogleConnectionPanel } from '../components/google-connection';
import { MeetingForm } from '../components/meeting-form';
import { MeetingItem } from '../components/meeting-item';

type View = 'list' | 'calendar';

/** The meetings grouped by day, in date order: the calendar view. */
function byDay(meetings: Meeting[]): [string, Meeting[]][] {
  const days = new Map<string, Meeting[]>();
  for (const m of meetings) days.set(m.date, [...(days.get(m.date) ?? []), m]);
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * `/events/meetings-{eventId}` (Google Meet, in the organiser's Google Calendar) and
 * `/events/meetings1-{eventId}` (Zoom, through the automation webhook): the event's meetings, as a list or
 * by day, with a form to create one; both are edited in place.
 */
export function MeetingsPage({ eventId, platform }: { eventId: number; platform: MeetingPlatform }) {
  const { t, i18n } = useTranslation();
  const lp = useLocalePath();
  const me = useMe();
  const event = useEvent(eventId);
  const meetings = useMeetings(eventId, platform);
  const save = useSaveMeetingMutation(eventId, platform);
  const remove = useDeleteMeetingMutation(eventId, platform);
  const [editing, setEditing] = useState<Meeting | null>(null);
  const [view, setView] = useState<View>('list');
  const title = platform === 'zoom' ? t('meetings.zoomTitle') : t('meetings.googleTitle');
  useDocumentTitle(title);
  const host = me.data?.user?.email ?? '';
  // a Calendar event made on a colleague's Google connection: edits go through it, so the page names them
  const myId = me.data?.user?.id;
  const ownerIds = (meetings.data ?? []).flatMap((m) =>
    m.googleOwnerId !== null && m.googleOwnerId !== myId ? [m.googleOwnerId] : [],
  );
  const owners = useMemberNames(event.data?.organizationId ?? null, ownerIds);
  const calendarOf = (m: Meeting) => {
    const owner = m.googleOwnerId === null ? undefined : owners.get(m.googleOwnerId);
    return owner && m.googleOwnerId !== myId
      ? t('common.fullName', { first: owner.firstName, last: owner.lastName })
      : null;
  };
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'jp' ? 'ja' : i18n.language, {
    dateStyle: 'full',
  });

  const items = (list: Meeting[]) =>
    list.map((m) => (
      <MeetingItem
        key={m.id}
        meeting={m}
        calendarOf={calendarOf(m)}
        onEdit={() => setEditing(m)}
        onDelete={() =>
          remove.mutate(m.id, {
            onSuccess: () => showToast({ kind: 'success', title: 'meetings.list.deleted' }),
          })
        }
      />
    ));

  return (
    <EventLayout event={event.data}>
      <div className="page meetings">
        <h1>{title}</h1>
        <p>{platform === 'zoom' ? t('meetings.zoomIntro') : t('meetings.googleIntro')}</p>
        <p>
          <Link to={lp(platform === 'zoom' ? `/events/meetings-${eventId}` : `/events/meetings1-${eventId}`)}>
            {platform === 'zoom' ? t('meetings.toGoogle') : t('meetings.toZoom')}
          </Link>
        </p>
        {platform === 'google_meet' ? <GoogleConnectionPanel /> : null}
        <CalendarErrorAlert error={meetings.error ?? remove.error} />
        <section aria-labelledby="meetings-heading">
          <h2 id="meetings-heading">{t('meetings.list.heading')}</h2>
          <fieldset className="form__row">
            <legend className="sr-only">{t('meetings.list.views')}</legend>
            {(['list', 'calendar'] as const).map((v) => (
              <Button
                key={v}
                size="sm"
                variant={view === v ? 'primary' : 'secondary'}
                aria-pressed={view === v}
                onClick={() => setView(v)}
              >
                {v === 'list' ? t('meetings.list.listView') : t('meetings.list.calendarView')}
              </Button>
            ))}
          </fieldset>
          {meetings.isPending ? <PageSpinner /> : null}
          {meetings.data?.length === 0 ? <p>{t('meetings.list.empty')}</p> : null}
          {meetings.data && meetings.data.length > 0 && view === 'list' ? (
            <ul className="card-list" aria-label={t('meetings.list.heading')}>
              {items(meetings.data)}
            </ul>
          ) : null}
          {meetings.data && meetings.data.length > 0 && view === 'calendar'
            ? byDay(meetings.data).map(([day, list]) => (
                <section key={day} aria-label={dateFormat.format(new Date(`${day}T12:00:00Z`))}>
                  <h3>{dateFormat.format(new Date(`${day}T12:00:00Z`))}</h3>
                  <ul className="card-list">{items(list)}</ul>
                </section>
              ))
            : null}
        </section>
        <MeetingForm
          key={editing?.id ?? 'new'}
          platform={platform}
          meeting={editing}
          defaultHost={host}
          busy={save.isPending}
          onCancel={editing ? () => setEditing(null) : undefined}
          onSubmit={(input, done) =>
            save.mutate(
              { id: editing?.id ?? null, input },
              {
                onSuccess: () => {
                  showToast({
                    kind: 'success',
                    title: editing ? 'meetings.list.updated' : 'meetings.list.created',
                  });
                  setEditing(null);
                  done.ok();
                },
                onError: done.fail,
              },
            )
          }
        />
      </div>
    </EventLayout>
  );
}
